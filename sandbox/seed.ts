// Deterministic demo world. Only dates relative to "today" vary between runs, so that trial
// countdowns and payment dates always look current; the jwt secret is random on purpose.

import { randomBytes } from "node:crypto";
import { buildClabe } from "./clabe";
import { addDays, mexicoCityDate } from "./dates";
import type {
  BankAccount,
  BankCompany,
  BankUser,
  Catalogs,
  Currency,
  MemberAccountRecord,
  PermissionName,
  ProductMember,
  SandboxState,
} from "./types";

const BANK_CODE = "062";

export const ALL_PERMISSIONS: PermissionName[] = [
  "send_money_to_own_accounts",
  "send_money_to_third_accounts",
  "can_create_operations",
  "can_execute_operations",
];

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
      phoneVerified: phone !== null,
      email,
      emailVerified: true,
      avatar: null,
    },
    terms: { acceptedAt: "2025-03-03T16:25:00.000Z", version: "2025-01", provider: "banca-en-linea" },
  });

  return [
    member(1, "ana.admin", "Ana M.", "+525512345678", "ana.martinez@importadorabajio.com.mx", {
      membership: {
        membershipId: 2,
        freeTrial: false,
        lastPayment: addDays(today, -13),
        nextPayment: addDays(today, 17),
        status: "active",
      },
      trialUsed: true,
      permissions: [...ALL_PERMISSIONS],
      visitedTours: ["dashboard"],
    }),
    member(2, "carlos.colaborador", "Carlos H.", "+524771234567", "carlos.hernandez@importadorabajio.com.mx", {
      membership: {
        membershipId: 2,
        freeTrial: false,
        lastPayment: addDays(today, -25),
        nextPayment: addDays(today, 5),
        status: "active",
      },
      trialUsed: true,
      permissions: ["send_money_to_own_accounts", "can_create_operations"],
      visitedTours: [],
    }),
    member(3, "beatriz.basica", "Beatriz L.", "+522221234567", "beatriz.lopez@panificadorasantalucia.mx", {
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

// Días inhábiles bancarios (CNBV): the statutory holidays plus Holy Thursday/Friday and 2 Nov, 12 Dec.
const nonWorkingDates = [
  "2026-01-01", "2026-02-02", "2026-03-16", "2026-04-02", "2026-04-03", "2026-05-01",
  "2026-09-16", "2026-11-02", "2026-11-16", "2026-12-12", "2026-12-25",
  "2027-01-01", "2027-02-01", "2027-03-15", "2027-03-25", "2027-03-26", "2027-05-01",
  "2027-09-16", "2027-11-02", "2027-11-15", "2027-12-12", "2027-12-25",
];

function buildCatalogs(today: string): Catalogs {
  return {
    pairs: ["USD/MXN", "EUR/MXN", "EUR/USD", "GBP/MXN", "CAD/MXN", "USD/CAD", "GBP/USD", "USD/JPY", "CHF/MXN"],
    errorCatalog: [
      { id: 1, code: "GEN-001", message: "Ha ocurrido un error, favor de intentarlo mas tarde" },
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
    nonWorkingDates: [...nonWorkingDates],
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
    ],
    plans: [
      {
        id: 1,
        name: "Básica",
        features: [
          "Compra y venta de divisas",
          "Transferencias nacionales e internacionales",
          "Consulta de movimientos y comprobantes",
        ],
      },
      {
        id: 2,
        name: "Pro",
        features: [
          "Todo lo incluido en Básica",
          "Mercados en tiempo real",
          "Planificador de pagos",
          "Monitoreo de divisas con alertas",
          "Permisos para colaboradores",
        ],
      },
    ],
    membershipCosts: [{ id: 1, amount: 499, currency: "MXN", taxRate: 0.16 }],
    trialDays: [{ id: 2, days: 30 }],
  };
}

/** A fresh, independent copy of the demo world as of `now`. */
export function createSeedState(now: Date): SandboxState {
  const today = mexicoCityDate(now);
  return {
    companies: companies.map((company) => ({ ...company })),
    accounts: buildAccounts(),
    bankUsers: bankUsers.map((user) => ({ ...user, companies: user.companies.map((c) => ({ ...c })) })),
    members: buildMembers(today),
    memberAccounts: memberAccounts.map((record) => ({ ...record })),
    catalogs: buildCatalogs(today),
    operationLogs: [],
    bankSessions: new Map(),
    jwtSecret: randomBytes(32),
    faults: [],
    latencyMs: 0,
    requests: [],
    nextIds: { member: 5, memberAccount: 5, fault: 1, operationLog: 1 },
  };
}
