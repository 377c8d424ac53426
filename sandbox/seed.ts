// Deterministic demo world. Only dates relative to "today" vary between runs, so that trial
// countdowns and payment dates always look current; the jwt secret is random on purpose.

import { randomBytes } from "node:crypto";

import { seedMarketTools } from "./alerts";
import { bankHolidaysBetween } from "./bank-holidays";
import { seedOperationBatches } from "./batches";
import { buildClabe } from "./clabe";
import { seedCollaboration } from "./collaborators";
import { seedContact } from "./contact";
import { addDays, mexicoCityDate } from "./dates";
import { seedHistory } from "./history-seed";
import { seedBooks } from "./movements";
import { statusNotice } from "./operations";
import { newPriceSecret } from "./price-signing";
import { seedRecipientRegistration } from "./recipient-registration";
import { seedScheduledPayments } from "./schedules";
import { moneyText } from "./texts";
import type {
  BankAccount,
  BankCompany,
  BankUser,
  Catalogs,
  Currency,
  MemberAccountRecord,
  MemberRecipientRecord,
  ModalFlagRecord,
  ModalName,
  NotificationModule,
  NotificationRecord,
  NotificationType,
  OperationRecord,
  ProductMember,
  RecipientRecord,
  SandboxState,
} from "./types";
import { ALL_PERMISSIONS, MODAL_NAMES } from "./types";

const BANK_CODE = "062";

const companies: BankCompany[] = [
  {
    clientId: "100234",
    id: 1,
    name: "Importadora del Bajío",
    businessName: "Importadora del Bajío S.A. de C.V.",
    groupId: 10,
    groupName: "Grupo Martínez Ríos",
    contractId: "CT-2019-004512",
    interestBearingAccount: true,
    permissionsFeatureEnabled: true,
  },
  {
    clientId: "100871",
    id: 2,
    name: "Logística Pacífico Norte",
    businessName: "Logística Pacífico Norte S.A. de C.V.",
    groupId: 10,
    groupName: "Grupo Martínez Ríos",
    contractId: "CT-2021-011873",
    interestBearingAccount: false,
    // The bank wants two signatures here: an administrator's approval alone answers §8's mancomunación text.
    permissionsFeatureEnabled: true,
    secondSignatureRequired: true,
  },
  {
    clientId: "200115",
    id: 3,
    name: "Panificadora Santa Lucía",
    businessName: "Panificadora Santa Lucía S.A. de C.V.",
    groupId: 20,
    groupName: "Panificadora Santa Lucía",
    contractId: "CT-2022-002031",
    interestBearingAccount: false,
  },
  {
    clientId: "300501",
    id: 4,
    name: "Comercializadora Especial del Norte",
    businessName: "Comercializadora Especial del Norte S.A. de C.V.",
    groupId: 30,
    groupName: "Grupo Especial del Norte",
    contractId: "CT-2018-000977",
    interestBearingAccount: true,
  },
  {
    clientId: "400777",
    id: 5,
    name: "Textiles de Oaxaca",
    businessName: "Textiles de Oaxaca S.A. de C.V.",
    groupId: 40,
    groupName: "Textiles de Oaxaca",
    contractId: "CT-2024-008840",
    interestBearingAccount: false,
  },
];

/** [clientId, plaza, [currency, balance, alias][]] — plaza codes of León, Mazatlán, Puebla, Monterrey, Oaxaca. */
const accountPlan: [string, string, [Currency, number, string][]][] = [
  [
    "100234",
    "225",
    [
      ["MXN", 2458930.55, "Operativa MXN"],
      ["USD", 184250.1, "Pagos USD"],
      ["EUR", 56730.0, "Tesorería EUR"],
    ],
  ],
  [
    "100871",
    "744",
    [
      ["MXN", 987654.32, "Nómina MXN"],
      ["USD", 73410.85, "Fletes USD"],
      ["EUR", 12980.4, "Proveedores EUR"],
    ],
  ],
  [
    "200115",
    "650",
    [
      ["MXN", 312845.6, "Cuenta principal MXN"],
      ["USD", 8420.75, "Insumos USD"],
    ],
  ],
  [
    "300501",
    "580",
    [
      ["MXN", 1540200.0, "Operativa MXN"],
      ["MXP", 250000.0, "Concentradora MXP"],
      ["USD", 95300.25, "Importaciones USD"],
      ["EUR", 40125.5, "Europa EUR"],
      ["CAD", 18760.9, "Canadá CAD"],
    ],
  ],
  ["400777", "670", [["MXN", 145230.15, "Operativa MXN"]]],
];

function buildAccounts(): BankAccount[] {
  return accountPlan.flatMap(([clientId, plaza, rows]) =>
    rows.map(([currency, balance, alias], index) => {
      const sequence = String(index + 1).padStart(2, "0");
      // 11-digit account number: client id padded to 8 plus a 3-digit sequence.
      const accountNumber = `${clientId.padStart(8, "0")}${String(index + 1).padStart(3, "0")}`;
      return {
        idAccount: `A-${clientId}-${sequence}`,
        clientId,
        clabe: buildClabe(BANK_CODE, plaza, accountNumber),
        currency,
        balance,
        alias,
      };
    }),
  );
}

const bankUsers: BankUser[] = [
  {
    userName: "ana.admin",
    name: "Ana",
    firstLastName: "Martínez",
    secondLastName: "Ríos",
    email: "ana.martinez@importadorabajio.com.mx",
    rfc: "MARA850314QK7",
    companies: [
      { clientId: "100234", profileType: "ADMINISTRADOR" },
      { clientId: "100871", profileType: "ADMINISTRADOR" },
    ],
  },
  {
    userName: "carlos.colaborador",
    name: "Carlos",
    firstLastName: "Hernández",
    secondLastName: "Soto",
    email: "carlos.hernandez@importadorabajio.com.mx",
    rfc: "HESC790622T45",
    companies: [{ clientId: "100234", profileType: "COLABORADOR" }],
  },
  {
    userName: "beatriz.basica",
    name: "Beatriz",
    firstLastName: "López",
    secondLastName: "García",
    email: "beatriz.lopez@panificadorasantalucia.mx",
    rfc: "LOGB880109LB2",
    companies: [{ clientId: "200115", profileType: "ADMINISTRADOR" }],
  },
  {
    userName: "paula.prueba",
    name: "Paula",
    firstLastName: "Ramírez",
    secondLastName: "Cruz",
    email: "paula.ramirez@especialdelnorte.com.mx",
    rfc: "RACP910927HN1",
    companies: [{ clientId: "300501", profileType: "ADMINISTRADOR" }],
  },
  {
    userName: "nuevo.usuario",
    name: "Nuevo",
    firstLastName: "Usuario",
    secondLastName: "Prueba",
    email: "nuevo.usuario@textilesoaxaca.mx",
    rfc: "UUPN900101AB3",
    companies: [{ clientId: "400777", profileType: "ADMINISTRADOR" }],
  },
];

/**
 * Contact data (decision 052): numbers are the dial code without '+' and 10 digits, as the app sends them (§5).
 * Carlos's WhatsApp and Beatriz's are verified; Ana's number and Carlos's e-mail wait for confirmation.
 */
const CONTACT_VERIFIED: Record<string, { email: boolean; phone: boolean }> = {
  "ana.admin": { email: true, phone: false },
  "carlos.colaborador": { email: false, phone: true },
};

function buildMembers(today: string): ProductMember[] {
  const member = (
    memberId: number,
    userName: string,
    alias: string,
    phone: string | null,
    email: string,
    rest: Pick<ProductMember, "membership" | "trialUsed" | "permissions" | "visitedTours">,
  ): ProductMember => ({
    memberId,
    userName,
    createdAt: "2025-03-03T16:20:00.000Z",
    ...rest,
    profile: {
      id: 100 + memberId,
      alias,
      phone,
      phoneVerified: phone !== null && (CONTACT_VERIFIED[userName]?.phone ?? true),
      email,
      emailVerified: CONTACT_VERIFIED[userName]?.email ?? true,
      avatar: null,
    },
    terms: { acceptedAt: "2025-03-03T16:25:00.000Z", version: "2025-01", provider: "banca-en-linea" },
  });

  return [
    member(1, "ana.admin", "Ana M.", "525512345678", "ana.martinez@importadorabajio.com.mx", {
      membership: {
        membershipId: 2,
        freeTrial: false,
        lastPayment: addDays(today, -13),
        nextPayment: addDays(today, 17),
        status: "active",
        paymentAccountId: "A-100234-01",
      },
      trialUsed: true,
      permissions: [...ALL_PERMISSIONS],
      visitedTours: ["dashboard"],
    }),
    member(2, "carlos.colaborador", "Carlos H.", "524771234567", "carlos.hernandez@importadorabajio.com.mx", {
      membership: {
        membershipId: 2,
        freeTrial: false,
        lastPayment: addDays(today, -25),
        nextPayment: addDays(today, 5),
        status: "active",
        paymentAccountId: "A-100234-01",
      },
      trialUsed: true,
      permissions: ["send_money_to_own_accounts", "can_create_operations"],
      visitedTours: [],
    }),
    member(3, "beatriz.basica", "Beatriz L.", "522221234567", "beatriz.lopez@panificadorasantalucia.mx", {
      membership: { membershipId: 1, freeTrial: false, lastPayment: null, nextPayment: null, status: "active" },
      trialUsed: false,
      permissions: [...ALL_PERMISSIONS],
      visitedTours: ["dashboard"],
    }),
    member(4, "paula.prueba", "Paula R.", null, "paula.ramirez@especialdelnorte.com.mx", {
      membership: {
        membershipId: 2,
        freeTrial: true,
        lastPayment: null,
        nextPayment: addDays(today, 9),
        status: "active",
        paymentAccountId: "A-300501-01",
      },
      trialUsed: true,
      permissions: [...ALL_PERMISSIONS],
      visitedTours: [],
    }),
  ];
}

const memberAccounts: MemberAccountRecord[] = [
  { id: 1, memberId: 1, clientId: "100234", idAccount: "A-100234-01", alias: "Concentradora Bajío", favorite: true },
  { id: 2, memberId: 1, clientId: "100234", idAccount: "A-100234-02", alias: "Proveedores Asia USD", favorite: true },
  { id: 3, memberId: 1, clientId: "100234", idAccount: "A-100234-03", alias: "Euros Hamburgo", favorite: false },
  { id: 4, memberId: 1, clientId: "100871", idAccount: "A-100871-02", alias: null, favorite: true },
];

/** One beneficiary; national ones get a CLABE with a valid check digit from bank code and plaza. */
function recipient(
  idRecipient: number,
  clientId: string,
  fullName: string,
  alias: string,
  idCurrency: Currency,
  bank: { name: string } & ({ code: string; plaza: string; number: string } | { foreignAccount: string }),
  statusId: 1 | 2 | 3,
  typePerson: "FISICA" | "MORAL",
): RecipientRecord {
  const national = "code" in bank;
  return {
    idRecipient,
    clientId,
    fullName,
    alias,
    account: national ? buildClabe(bank.code, bank.plaza, bank.number) : bank.foreignAccount,
    idCurrency,
    bankName: bank.name,
    status: { id: statusId },
    typeOriginPerson: national ? "NACIONAL" : "EXTRANJERA",
    typePerson,
  };
}

// Names match the ones the seeded notifications mention, so the demo reads as one story.
// Ana's first company: 3 authorized (MXN and USD) and 1 pending, as the contract promises.
const recipients: RecipientRecord[] = [
  recipient(
    501,
    "100234",
    "Proveedora Textil del Norte S.A. de C.V.",
    "Textil del Norte",
    "MXN",
    { name: "BBVA México", code: "012", plaza: "580", number: "01928374650" },
    2,
    "MORAL",
  ),
  recipient(
    502,
    "100234",
    "Aceros y Perfiles de Querétaro S.A. de C.V.",
    "Aceros Querétaro",
    "MXN",
    { name: "Banorte", code: "072", plaza: "680", number: "00458812734" },
    2,
    "MORAL",
  ),
  recipient(
    503,
    "100234",
    "Shenzhen Bright Components Co., Ltd.",
    "Bright Components",
    "USD",
    { name: "Bank of China (Hong Kong)", foreignAccount: "012875600394512" },
    2,
    "MORAL",
  ),
  recipient(
    504,
    "100234",
    "José Luis Ramírez Ortega",
    "Fletes J. L. Ramírez",
    "MXN",
    { name: "Santander", code: "014", plaza: "180", number: "56003218479" },
    1,
    "FISICA",
  ),
  recipient(
    511,
    "100871",
    "Transportes Refrigerados del Golfo S.A. de C.V.",
    "Refrigerados del Golfo",
    "MXN",
    { name: "Banamex", code: "002", plaza: "905", number: "70012345981" },
    2,
    "MORAL",
  ),
  recipient(
    512,
    "100871",
    "Hamburg Maschinenbau GmbH",
    "Maschinenbau Hamburgo",
    "EUR",
    { name: "Commerzbank AG", foreignAccount: "DE89370400440532013000" },
    2,
    "MORAL",
  ),
  recipient(
    521,
    "200115",
    "Harinera La Espiga S.A. de C.V.",
    "Harinera La Espiga",
    "MXN",
    { name: "HSBC", code: "021", plaza: "650", number: "40311872095" },
    2,
    "MORAL",
  ),
  recipient(
    522,
    "200115",
    "María Fernanda Gómez Luna",
    "Mantenimiento hornos",
    "MXN",
    { name: "Scotiabank", code: "044", plaza: "650", number: "25600917342" },
    1,
    "FISICA",
  ),
  recipient(
    531,
    "300501",
    "Distribuidora Regiomontana de Empaques S.A. de C.V.",
    "Empaques Regiomontana",
    "MXN",
    { name: "Banorte", code: "072", plaza: "580", number: "00981273640" },
    2,
    "MORAL",
  ),
  recipient(
    532,
    "300501",
    "Maple Ridge Logistics Inc.",
    "Maple Ridge",
    "CAD",
    { name: "Royal Bank of Canada", foreignAccount: "003120045678901" },
    2,
    "MORAL",
  ),
  recipient(
    533,
    "300501",
    "Roberto Castillo Navarro",
    "Asesoría aduanal",
    "MXN",
    { name: "BBVA México", code: "012", plaza: "580", number: "02846159370" },
    3,
    "FISICA",
  ),
  recipient(
    541,
    "400777",
    "Algodonera del Istmo S.A. de C.V.",
    "Algodonera del Istmo",
    "MXN",
    { name: "Banamex", code: "002", plaza: "670", number: "70098123456" },
    2,
    "MORAL",
  ),
];

const memberRecipients: MemberRecipientRecord[] = [
  { id: 1, memberId: 1, clientId: "100234", idRecipient: 501, alias: "Telas Monterrey", favorite: true },
  { id: 2, memberId: 1, clientId: "100234", idRecipient: 503, alias: null, favorite: true },
  { id: 3, memberId: 1, clientId: "100234", idRecipient: 502, alias: null, favorite: false },
];

/** The announcements of the next bank holiday after `today` (ids 5 and 6): before it, and on it. */
function festiveAnnouncements(today: string, nonWorkingDates: readonly string[]) {
  const date = nonWorkingDates.find((candidate) => candidate > today);
  if (!date) return [];
  let next = addDays(date, 1);
  while (nonWorkingDates.includes(next) || [0, 6].includes(new Date(`${next}T12:00:00Z`).getUTCDay())) next = addDays(next, 1);
  const detail = { date, nextWorkingDay: next };
  return [
    {
      id: 5,
      active: true,
      dateToShow: addDays(date, -7),
      service: "SPEI" as const,
      type: "beforeDayOff" as const,
      detail,
      resolution_time: null,
      created_at: `${addDays(date, -7)}T15:00:00.000Z`,
    },
    {
      id: 6,
      active: true,
      dateToShow: date,
      service: "SPEI" as const,
      type: "dayOff" as const,
      detail,
      resolution_time: null,
      created_at: `${addDays(date, -7)}T15:00:00.000Z`,
    },
  ];
}

/**
 * Días inhábiles bancarios (CNBV) from 2026, the first year the demo's data reaches, to two years after `today`:
 * the calendar, the planner and the holiday announcements never run out as the years go by.
 */
const nonWorkingDatesFor = (today: string) => bankHolidaysBetween(2026, Number(today.slice(0, 4)) + 2);

function buildCatalogs(today: string): Catalogs {
  const nonWorkingDates = nonWorkingDatesFor(today);
  return {
    pairs: ["USD/MXN", "EUR/MXN", "EUR/USD", "GBP/MXN", "CAD/MXN", "USD/CAD", "GBP/USD", "USD/JPY", "CHF/MXN"],
    errorCatalog: [
      { id: 1, code: "GEN-001", message: "Ha ocurrido un error, favor de intentarlo más tarde" },
      { id: 2, code: "PRC-001", message: "Lo sentimos, este precio no está actualizado. Intenta nuevamente." },
      {
        id: 3,
        code: "FND-001",
        message:
          "No cuentas con los fondos suficientes, te recomendamos hacer una transferencia de fondos para poder realizar la operación",
      },
      { id: 4, code: "TKN-001", message: "La clave de operación es incorrecta" },
      { id: 5, code: "SGN-001", message: "Privilegios de mancomunación insuficientes" },
      { id: 6, code: "DEST-401", message: "No se pudo agregar tu destinatario" },
      { id: 7, code: "SPT-001", message: "Cliente no autorizado a operar spot" },
    ],
    countries: [
      { id: 1, description: "México", code: "MX", phoneCode: "+52" },
      { id: 2, description: "Estados Unidos", code: "US", phoneCode: "+1" },
      { id: 3, description: "Canadá", code: "CA", phoneCode: "+1" },
      { id: 4, description: "España", code: "ES", phoneCode: "+34" },
      { id: 5, description: "Alemania", code: "DE", phoneCode: "+49" },
      { id: 6, description: "Francia", code: "FR", phoneCode: "+33" },
      { id: 7, description: "Reino Unido", code: "GB", phoneCode: "+44" },
      { id: 8, description: "Italia", code: "IT", phoneCode: "+39" },
      { id: 9, description: "China", code: "CN", phoneCode: "+86" },
      { id: 10, description: "Japón", code: "JP", phoneCode: "+81" },
      { id: 11, description: "Corea del Sur", code: "KR", phoneCode: "+82" },
      { id: 12, description: "Brasil", code: "BR", phoneCode: "+55" },
      { id: 13, description: "Argentina", code: "AR", phoneCode: "+54" },
      { id: 14, description: "Colombia", code: "CO", phoneCode: "+57" },
      { id: 15, description: "Chile", code: "CL", phoneCode: "+56" },
      { id: 16, description: "Perú", code: "PE", phoneCode: "+51" },
      { id: 17, description: "Guatemala", code: "GT", phoneCode: "+502" },
      { id: 18, description: "India", code: "IN", phoneCode: "+91" },
      { id: 19, description: "Países Bajos", code: "NL", phoneCode: "+31" },
      { id: 20, description: "Suiza", code: "CH", phoneCode: "+41" },
    ],
    conceptPays: [
      { IdPayConcept: 1, typeConcept: "national", concept: "Pago a proveedores" },
      { IdPayConcept: 2, typeConcept: "national", concept: "Pago de nómina" },
      { IdPayConcept: 3, typeConcept: "national", concept: "Pago de servicios" },
      { IdPayConcept: 4, typeConcept: "national", concept: "Pago de impuestos y contribuciones" },
      { IdPayConcept: 5, typeConcept: "national", concept: "Pago de arrendamiento" },
      { IdPayConcept: 6, typeConcept: "national", concept: "Traspaso entre cuentas propias" },
      { IdPayConcept: 11, typeConcept: "international", concept: "Importación de mercancías" },
      { IdPayConcept: 12, typeConcept: "international", concept: "Pago de servicios profesionales en el extranjero" },
      { IdPayConcept: 13, typeConcept: "international", concept: "Pago de fletes internacionales" },
      { IdPayConcept: 14, typeConcept: "international", concept: "Pago de regalías y licencias" },
      { IdPayConcept: 15, typeConcept: "international", concept: "Inversión en el extranjero" },
      { IdPayConcept: 21, typeConcept: "national", concept: "Otros" },
      { IdPayConcept: 22, typeConcept: "international", concept: "Otros pagos al extranjero" },
    ],
    permissions: ALL_PERMISSIONS.map((name, index) => ({ id: index + 1, name })),
    nonWorkingDates,
    announcements: [
      {
        id: 1,
        active: true,
        dateToShow: today,
        service: "FX",
        type: "novelty",
        detail: {
          title: "Nuevo: monitoreo de divisas",
          copy: "Crea hasta 5 alertas y te avisaremos cuando el tipo de cambio alcance tu objetivo.",
          path: "/monitoreo-de-divisas",
        },
        resolution_time: null,
        created_at: `${addDays(today, -2)}T15:00:00.000Z`,
      },
      {
        id: 2,
        active: false,
        dateToShow: addDays(today, -30),
        service: "SPEI",
        type: "delays",
        detail: { title: "Retrasos en SPEI", copy: "Las transferencias SPEI podrían tardar más de lo habitual." },
        resolution_time: "2 horas",
        created_at: `${addDays(today, -30)}T17:30:00.000Z`,
      },
      {
        id: 3,
        active: true,
        dateToShow: today,
        service: "OPI",
        type: "delays",
        detail: null,
        resolution_time: "1 hora",
        created_at: `${today}T14:10:00.000Z`,
      },
      {
        id: 4,
        active: false,
        dateToShow: addDays(today, -7),
        service: "SPID",
        type: "issues",
        detail: null,
        resolution_time: null,
        created_at: `${addDays(today, -7)}T16:00:00.000Z`,
      },
      // The next bank holiday: the festive banner the working day before it, and the day itself.
      ...festiveAnnouncements(today, nonWorkingDates),
    ],
    plans: [
      {
        id: 1,
        name: "Básica",
        features: [
          "Compra y venta de divisas",
          "Transferencias nacionales",
          "Consulta de movimientos y comprobantes",
          "Planificador de pagos",
          "Monitoreo de divisas con alertas",
        ],
      },
      {
        id: 2,
        name: "Pro",
        features: ["Todo lo incluido en Básica", "Transferencias internacionales", "Mercados en tiempo real", "Portafolio"],
      },
    ],
    membershipCosts: [{ id: 1, amount: 499, currency: "MXN", taxRate: 0.16 }],
    trialDays: [{ id: 2, days: 30 }],
  };
}

// Notification centre: Ana has more than one page of 50 (so 'Cargar más' shows), the others a
// few; the newest ones are unread. Ages spread from minutes to years, so every "hace …" unit shows.

type NotificationSeed = {
  module: NotificationModule;
  type: NotificationType;
  status: string | null;
  title: string;
  copy: string;
  detail: unknown;
};

const RECIPIENTS = [
  "Proveedora Textil del Norte",
  "Aceros y Perfiles de Querétaro",
  "Transportes Refrigerados del Golfo",
  "Shenzhen Bright Components",
  "Hamburg Maschinenbau",
];
function pick<T>(items: readonly T[], v: number): T {
  return items[v % items.length];
}

function operationDetail(
  id: number,
  status: string,
  operationType: "buy" | "sell" | "transfer",
  pair: string,
  destiny: { alias: string; idCuenta: string },
) {
  return { id, status, operationType, pair, accountDestiny: destiny, responseChallenge: { dil: `${4471200 + id}-1` } };
}

/** Ana's accounts by the names she gave them in the portal, so her notifications read like her screens. */
const anaAccount = (idCuenta: string) => ({
  alias: memberAccounts.find((record) => record.memberId === 1 && record.idAccount === idCuenta)?.alias ?? idCuenta,
  idCuenta,
});
const OPERATIVA_MXN = anaAccount("A-100234-01");
const PAGOS_USD = anaAccount("A-100234-02");
const TESORERIA_EUR = anaAccount("A-100234-03");

/** Ana's notifications, cycled with small variations; `v` picks amounts and names, `at` is the creation date. */
const anaTemplates: Array<(v: number, at: string) => NotificationSeed> = [
  (v) => {
    const amount = pick([25000, 12500, 40000, 8300], v);
    return {
      module: "operation",
      type: "info",
      status: "applied",
      title: "Compra de divisas enviada",
      copy: `Tu compra de ${moneyText(amount, "USD")} (USD/MXN) se acreditó en tu cuenta ${PAGOS_USD.alias}.`,
      detail: operationDetail(9100 + v, "applied", "buy", "USD/MXN", PAGOS_USD),
    };
  },
  (v) => {
    const amount = pick([150000, 87250.5, 230000, 64900], v);
    const name = pick(RECIPIENTS, v);
    return {
      module: "operation",
      type: "info",
      status: "applying",
      title: "Transferencia confirmada",
      copy: `Tu transferencia de ${moneyText(amount, "MXN")} a ${name} fue confirmada.`,
      detail: operationDetail(9200 + v, "applying", "transfer", "", { alias: name, idCuenta: `R-${3100 + v}` }),
    };
  },
  (v) => {
    const name = pick(RECIPIENTS, v + 1);
    return {
      module: "receiver",
      type: "info",
      status: "authorized",
      title: "Destinatario activo",
      copy: `Ya puedes enviar dinero a ${name}.`,
      detail: { name },
    };
  },
  (v) => {
    const amount = pick([48500, 126300.75, 9870, 310000], v);
    return {
      module: "movement",
      type: "info",
      status: null,
      title: "Dinero recibido",
      copy: `Recibiste ${moneyText(amount, "MXN")} en tu cuenta ${OPERATIVA_MXN.alias}.`,
      detail: [{ type: 19, source_account: "072180004567891236", amount, idAccount: OPERATIVA_MXN.idCuenta }],
    };
  },
  (v, at) => {
    const name = pick(RECIPIENTS, v + 2);
    return {
      module: "planner",
      type: "info",
      status: "scheduled",
      title: "Recordatorio de pago",
      copy: `Mañana vence tu pago programado a ${name}.`,
      detail: { dateToPay: addDays(mexicoCityDate(new Date(at)), 1) },
    };
  },
  (v) => {
    const amount = pick([32780, 15400, 71250.4, 5600], v);
    const name = pick(RECIPIENTS, v + 2);
    return {
      module: "operation",
      type: "error",
      status: "returned",
      title: "Operación devuelta",
      copy: `Tu transferencia de ${moneyText(amount, "MXN")} a ${name} fue devuelta. El monto se reembolsó a tu cuenta ${OPERATIVA_MXN.alias}.`,
      detail: operationDetail(9300 + v, "returned", "transfer", "", { alias: name, idCuenta: `R-${3200 + v}` }),
    };
  },
  (v) => {
    const count = pick([2, 1, 3], v);
    return {
      module: "operationsToBeApproved",
      type: "pending",
      status: null,
      title: "Operaciones por aprobar",
      copy:
        count === 1
          ? "Carlos Hernández cargó 1 operación que espera tu aprobación."
          : `Carlos Hernández cargó ${count} operaciones que esperan tu aprobación.`,
      detail: { name: "Carlos Hernández Soto", count },
    };
  },
  (v) => {
    const amount = pick([8000, 15000, 4200], v);
    return {
      module: "operation",
      type: "info",
      status: "appliedNoReceipt",
      title: "Dinero enviado a cuenta de destino",
      copy: `Tu venta de ${moneyText(amount, "EUR")} (EUR/MXN) se acreditó en tu cuenta ${OPERATIVA_MXN.alias}. Estamos generando tu factura.`,
      detail: operationDetail(9400 + v, "appliedNoReceipt", "sell", "EUR/MXN", OPERATIVA_MXN),
    };
  },
  (v) => {
    const amount = pick([12000, 30000, 6500], v);
    return {
      module: "operation",
      type: "info",
      status: "applied",
      title: "Factura disponible",
      copy: `La factura de tu compra de ${moneyText(amount, "EUR")} (EUR/MXN) ya está disponible.`,
      detail: operationDetail(9500 + v, "applied", "buy", "EUR/MXN", TESORERIA_EUR),
    };
  },
  (v) => {
    const companyName = pick(["Hamburg Maschinenbau GmbH", "Shenzhen Bright Components Co., Ltd.", "Logística Andina S.A."], v);
    return {
      module: "borecipient",
      type: "info",
      status: "pending",
      title: "Nuevo destinatario cargado",
      copy: `Cargamos a ${companyName} como destinatario. Estará activo en unos 30 minutos.`,
      detail: { recipientType: "pme", names: null, fatherLastName: null, motherLastName: null, companyName, status: "pending" },
    };
  },
  (v) => {
    const amount = pick([5000, 2750, 11000], v);
    return {
      module: "operation",
      type: "error",
      status: "notApplied",
      title: "Operación anulada",
      copy: `Tu compra de ${moneyText(amount, "USD")} (USD/MXN) no se pudo completar y fue anulada.`,
      detail: operationDetail(9600 + v, "notApplied", "buy", "USD/MXN", PAGOS_USD),
    };
  },
  (v) => {
    const amount = pick([18450, 7320.15, 26000], v);
    const name = pick(RECIPIENTS, v + 3);
    return {
      module: "operation",
      type: "pending",
      status: "sent",
      title: "Operación en proceso",
      copy: `Estamos procesando tu transferencia de ${moneyText(amount, "USD")} a ${name}.`,
      detail: operationDetail(9700 + v, "sent", "transfer", "", { alias: name, idCuenta: `R-${3300 + v}` }),
    };
  },
  (v) => {
    const name = pick(["Comercial Fronteriza de Tijuana", "Distribuidora Maya del Sureste", "Importaciones Lumen"], v);
    return {
      module: "receiver",
      type: "error",
      status: "rejected",
      title: "Destinatario rechazado",
      copy: `No pudimos activar a ${name}. Revisa sus datos e inténtalo de nuevo.`,
      detail: { name },
    };
  },
  () => ({
    module: "announcement",
    type: "info",
    status: null,
    title: "Nuevo: monitoreo de divisas",
    copy: "Crea hasta 5 alertas y te avisaremos cuando el tipo de cambio alcance tu objetivo.",
    detail: { title: "Nuevo: monitoreo de divisas", copy: "Crea hasta 5 alertas.", path: "/monitoreo-de-divisas" },
  }),
  (v, at) => {
    const name = pick(RECIPIENTS, v + 4);
    return {
      module: "planner",
      type: "pending",
      status: "pending",
      title: "Pago pendiente",
      copy: `No registramos tu pago programado a ${name}. Revísalo en tu planificador de pagos.`,
      detail: { dateToPay: mexicoCityDate(new Date(at)) },
    };
  },
  () => ({
    module: "profileUpdate",
    type: "info",
    status: null,
    title: "Datos de contacto actualizados",
    copy: "Confirmaste tu correo de contacto.",
    detail: { channel: "email" },
  }),
];

const otherMembers: Record<number, Array<NotificationSeed & { minutesAgo: number; read: boolean }>> = {
  2: [
    {
      minutesAgo: 12,
      read: false,
      module: "operation",
      type: "pending",
      status: "sent",
      title: "Operación por aprobar",
      copy: "Tu transferencia de $45,000.00 MXN a Proveedora Textil del Norte espera la aprobación del administrador.",
      detail: operationDetail(9801, "sent", "transfer", "", { alias: "Proveedora Textil del Norte", idCuenta: "R-3401" }),
    },
    {
      minutesAgo: 190,
      read: false,
      module: "permissions",
      type: "info",
      status: null,
      title: "Permisos actualizados",
      copy: "Puedes ver los cambios en tu perfil.",
      detail: { permissions: ["send_money_to_own_accounts", "can_create_operations"] },
    },
    {
      minutesAgo: 60 * 26,
      read: true,
      module: "operation",
      type: "info",
      status: "applied",
      title: "Compra de divisas enviada",
      copy: "Tu compra de $3,500.00 USD (USD/MXN) se acreditó en tu cuenta Pagos USD.",
      detail: operationDetail(9802, "applied", "buy", "USD/MXN", { alias: "Pagos USD", idCuenta: "A-100234-02" }),
    },
    {
      minutesAgo: 60 * 24 * 5,
      read: true,
      module: "movement",
      type: "info",
      status: null,
      title: "Dinero recibido",
      copy: "Recibiste $12,300.00 MXN en tu cuenta Operativa MXN.",
      detail: [{ type: 19, source_account: "002180009876543210", amount: 12300, idAccount: "A-100234-01" }],
    },
    {
      minutesAgo: 60 * 24 * 40,
      read: true,
      module: "announcement",
      type: "info",
      status: null,
      title: "Nuevo: monitoreo de divisas",
      copy: "Crea hasta 5 alertas y te avisaremos cuando el tipo de cambio alcance tu objetivo.",
      detail: { title: "Nuevo: monitoreo de divisas", copy: "Crea hasta 5 alertas.", path: "/monitoreo-de-divisas" },
    },
  ],
  3: [
    {
      minutesAgo: 35,
      read: false,
      module: "receiver",
      type: "info",
      status: "authorized",
      title: "Destinatario activo",
      copy: "Ya puedes enviar dinero a Harinas Selectas de Puebla.",
      detail: { name: "Harinas Selectas de Puebla" },
    },
    {
      minutesAgo: 60 * 24 * 3,
      read: true,
      module: "operation",
      type: "info",
      status: "applied",
      title: "Compra de divisas enviada",
      copy: "Tu compra de $1,200.00 USD (USD/MXN) se acreditó en tu cuenta Insumos USD.",
      detail: operationDetail(9803, "applied", "buy", "USD/MXN", { alias: "Insumos USD", idCuenta: "A-200115-02" }),
    },
    {
      minutesAgo: 60 * 24 * 65,
      read: true,
      module: "profileUpdate",
      type: "info",
      status: null,
      title: "Datos de contacto actualizados",
      copy: "Confirmaste tu número de WhatsApp.",
      detail: { channel: "whatsapp" },
    },
  ],
  4: [
    {
      minutesAgo: 8,
      read: false,
      module: "planner",
      type: "info",
      status: "scheduled",
      title: "Recordatorio de pago",
      copy: "Mañana vence tu pago programado a Maquinaria Agrícola de Sinaloa.",
      detail: { dateToPay: null },
    },
    {
      minutesAgo: 95,
      read: false,
      module: "operation",
      type: "error",
      status: "returned",
      title: "Operación devuelta",
      copy: "Tu venta de $2,000.00 USD (USD/MXN) fue devuelta. Solicita el reembolso desde tu banca en línea.",
      detail: operationDetail(9804, "returned", "sell", "USD/MXN", { alias: "Operativa MXN", idCuenta: "A-300501-01" }),
    },
    {
      minutesAgo: 60 * 24 * 2,
      read: true,
      module: "borecipient",
      type: "pending",
      status: "pending",
      title: "Registro de destinatario pendiente",
      copy: "El registro de Ontario Food Supply Inc. sigue en revisión.",
      detail: {
        recipientType: "pme",
        names: null,
        fatherLastName: null,
        motherLastName: null,
        companyName: "Ontario Food Supply Inc.",
        status: "pending",
      },
    },
    {
      minutesAgo: 60 * 24 * 400,
      read: true,
      module: "operation",
      type: "info",
      status: "applied",
      title: "Compra de divisas enviada",
      copy: "Tu compra de $5,000.00 CAD (CAD/MXN) se acreditó en tu cuenta Canadá CAD.",
      detail: operationDetail(9805, "applied", "buy", "CAD/MXN", { alias: "Canadá CAD", idCuenta: "A-300501-05" }),
    },
  ],
};

/** Ana's 62: newest first, ages growing geometrically from 3 minutes to about 2 years. */
const ANA_NOTIFICATIONS = 62;
const ANA_UNREAD = new Set([0, 1, 2, 4, 6, 9, 13]);

function buildNotifications(now: Date): NotificationRecord[] {
  const records: NotificationRecord[] = [];
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
  const readAt = (createdAt: string) => new Date(Date.parse(createdAt) + 10 * 60_000).toISOString();
  const add = (memberId: number, seed: NotificationSeed, createdAt: string, read: boolean) => {
    records.push({ id: 0, memberId, ...seed, read, readAt: read ? readAt(createdAt) : null, createdAt, content: null });
  };

  for (let i = 0; i < ANA_NOTIFICATIONS; i++) {
    const createdAt = at(Math.round(3 * 1.2215 ** i));
    const template = anaTemplates[i % anaTemplates.length];
    add(1, template(Math.floor(i / anaTemplates.length), createdAt), createdAt, !ANA_UNREAD.has(i));
  }
  for (const [memberId, seeds] of Object.entries(otherMembers)) {
    for (const { minutesAgo, read, ...seed } of seeds) {
      const createdAt = at(minutesAgo);
      if (seed.module === "planner" && seed.status === "scheduled") {
        seed.detail = { dateToPay: addDays(mexicoCityDate(new Date(createdAt)), 1) };
      }
      add(Number(memberId), seed, createdAt, read);
    }
  }
  // Ids grow from the oldest, as a database would have assigned them.
  records.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  records.forEach((record, index) => (record.id = index + 1));
  return records;
}

/**
 * §3 modal flags for every member; the demo shows one overlay each: Ana the paid-account notice (her
 * first company has an interest-bearing MXN account), Beatriz the CSAT survey, Paula the NPS survey,
 * Carlos the contact-data notice. The rebrand notice is off (a control turns it on).
 */
function seedModalFlags(members: ProductMember[]): ModalFlagRecord[] {
  const shown: Record<string, ModalName[]> = {
    "ana.admin": ["paid_account"],
    "beatriz.basica": ["csat"],
    "paula.prueba": ["nps"],
    "carlos.colaborador": ["verify_email_on_init"],
  };
  return members.flatMap((member) =>
    MODAL_NAMES.map((modal, index) => ({
      memberId: member.memberId,
      id: index + 1,
      modal,
      show: shown[member.userName]?.includes(modal) ?? false,
      shown: 0,
    })),
  );
}

/** A fresh, independent copy of the demo world as of `now`; `historyOperations` lengthens every company's history. */
/**
 * Each seeded operation notice is about an operation of the seeded history (decision 121): the newest
 * unused operation of its member in a status the service tells, older than the notice and in the notice's
 * own status when there is one, worded as the live service words it. The operation is of the company the
 * member signs in to first, so the demo's link opens it without a change of company. A notice older than the
 * history (which the bank keeps for months) names no operation: it leads to the history.
 */
function pointAtSeededOperations(
  notifications: NotificationRecord[],
  operations: readonly OperationRecord[],
  firstCompanyOf: (memberId: number) => string | undefined,
): void {
  const used = new Set<number>();
  const newestFirst = [...operations].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  for (const notification of notifications) {
    if (notification.module !== "operation") continue;
    const candidates = newestFirst.filter(
      (operation) =>
        operation.memberId === notification.memberId &&
        operation.clientId === firstCompanyOf(notification.memberId) &&
        !used.has(operation.id) &&
        statusNotice(operation, operation.status) !== null &&
        Date.parse(operation.createdAt) <= Date.parse(notification.createdAt),
    );
    const operation = candidates.find((candidate) => candidate.status === notification.status) ?? candidates[0];
    const notice = operation ? statusNotice(operation, operation.status) : null;
    if (!operation || !notice) {
      notification.detail = { ...(notification.detail as object), id: null };
      continue;
    }
    used.add(operation.id);
    Object.assign(notification, {
      status: operation.status,
      type: notice.type,
      title: notice.title,
      copy: notice.copy,
      detail: notice.detail,
    });
  }
}

export function createSeedState(now: Date, options: { historyOperations?: number } = {}): SandboxState {
  const today = mexicoCityDate(now);
  const accounts = buildAccounts();
  const members = buildMembers(today);
  const catalogs = buildCatalogs(today);
  const priceSecret = newPriceSecret();
  const history = seedHistory({
    now,
    accounts,
    recipients,
    bankUsers,
    members,
    catalogs,
    priceSecret,
    operationsPerCompany: options.historyOperations,
  });
  const notifications = buildNotifications(now);
  const userNameOf = new Map(members.map((member) => [member.memberId, member.userName]));
  pointAtSeededOperations(
    notifications,
    history.operations,
    (memberId) => bankUsers.find((user) => user.userName === userNameOf.get(memberId))?.companies[0]?.clientId,
  );
  const recipientRegistration = seedRecipientRegistration(now);
  const books = seedBooks({ now, accounts, recipients, recipientRegistration, companies, operations: history.operations });
  return {
    companies: companies.map((company) => ({ ...company })),
    accounts,
    bankUsers: bankUsers.map((user) => ({ ...user, companies: user.companies.map((c) => ({ ...c })) })),
    members,
    memberAccounts: memberAccounts.map((record) => ({ ...record })),
    notifications,
    catalogs,
    operationLogs: [],
    modalFlags: seedModalFlags(members),
    surveyAnswers: [],
    bankSessions: new Map(),
    jwtSecret: randomBytes(32),
    priceSecret,
    recipients: recipients.map((record) => ({ ...record, status: { ...record.status } })),
    memberRecipients: memberRecipients.map((record) => ({ ...record })),
    recipientRegistration,
    movements: books.movements,
    ledger: books.ledger,
    operations: history.operations,
    binnacles: history.binnacles,
    idempotency: new Map(),
    operationBatches: seedOperationBatches(),
    marketTools: seedMarketTools(),
    membershipUpgrades: new Map(),
    outbox: [],
    scheduledPayments: seedScheduledPayments(now, catalogs.nonWorkingDates),
    // Carlos gets information on his verified WhatsApp.
    contact: seedContact(members, ["carlos.colaborador"]),
    collaboration: seedCollaboration(),
    faults: [],
    latencyMs: 0,
    requests: [],
    nextIds: {
      member: 5,
      memberAccount: 5,
      fault: 1,
      operationLog: 1,
      notification: notifications.length + 1,
      operation: history.nextOperationId,
      binnacle: history.nextBinnacleId,
      email: 1,
    },
  };
}
