// Recipient registration on the product API (/api): single registrations confirmed with the
// bank's challenge (POST /recipient-registrations, then PUT /recipient-registrations/transition/
// register), the back office's recipients (bulk uploads; pending list, detail, update, status),
// the international banks catalogue and, on the partner API, the beneficiary catalogue.
// A registered recipient is a bank recipient with status 1 (pending) that becomes 2 (authorized)
// after a configurable delay, with a "receiver" notification for the member who registered it.

import { randomUUID } from "node:crypto";

import { z } from "zod";

import { isValidClabe } from "./clabe";
import type { SandboxContext } from "./context";
import { HttpError, json, parseWith, type RequestContext, type Router } from "./http";
import { ibanCountryIfValid } from "./iban";
import { fingerprintOf, idempotencyKeyOf, type IdempotencyRecord, once } from "./idempotency";
import { addNotification } from "./notifications";
import { authenticate as authenticatePartner } from "./partner";
import { authenticateMember, type ProductAuth } from "./product";
import type { Currency, RecipientRecord, SandboxState } from "./types";

const RECIPIENT_TYPES = ["pfn", "pfe", "pmn", "pme"] as const;
type RecipientType = (typeof RECIPIENT_TYPES)[number];

/** The recipient data the product receives (SPEC §3 back-office recipient, plus the form's extras). */
const recipientData = z.object({
  recipientType: z.enum(RECIPIENT_TYPES),
  names: z.string().max(120).nullable().default(null),
  fatherLastName: z.string().max(120).nullable().default(null),
  motherLastName: z.string().max(120).nullable().default(null),
  companyName: z.string().max(160).nullable().default(null),
  rfc: z.string().max(13).nullable().default(null),
  relationType: z.enum(["PROVIDER", "CUSTOMER", "OTHER"]).nullable().default(null),
  relationTypeExtra: z.string().max(120).nullable().default(null),
  maxTransferAmount: z.number().int().min(1).max(4).nullable().default(null),
  alias: z.string().trim().min(1).max(40),
  email: z.string().max(120),
  phone: z.string().max(20).nullable().default(null),
  currency: z.string().regex(/^[A-Z]{3}$/),
  accountClabe: z.string().min(1).max(40),
  bank: z.string().min(1).max(120),
  bankCode: z.string().max(20).nullable().default(null),
  bankTypeAccount: z.number().int().nullable().default(null),
  bankCity: z.string().max(120).nullable().default(null),
  bankCountry: z.string().max(120).nullable().default(null),
  street: z.string().max(120).nullable().default(null),
  numberDir: z.string().max(20).nullable().default(null),
  numberInt: z.string().max(20).nullable().default(null),
  suburb: z.string().max(120).nullable().default(null),
  city: z.string().max(120).nullable().default(null),
  state: z.string().max(120).nullable().default(null),
  countryName: z.string().max(120).nullable().default(null),
  postalCode: z.string().max(10).nullable().default(null),
  intermediaryBankCode: z.string().max(20).nullable().default(null),
  intermediaryAccountType: z.number().int().nullable().default(null),
  intermediaryBankName: z.string().max(120).nullable().default(null),
  intermediaryBankCity: z.string().max(120).nullable().default(null),
  intermediaryBankCountry: z.string().max(120).nullable().default(null),
});
export type RecipientData = z.infer<typeof recipientData>;

export interface RegistrationRecord {
  id: number;
  clientId: string;
  memberId: number;
  trk: string;
  status: "sent" | "registered" | "rejected";
  data: RecipientData;
  /** What the challenge page answered: /transition/register refuses any other result. */
  challengeAnswer: string | null;
  result: { res: string; msg: string } | null;
  recipientId: number | null;
  createdAt: string;
}

export interface BackofficeRecipientRecord extends RecipientData {
  id: number;
  clientId: string;
  memberId: number;
  status: "pending" | "registered" | "deleted";
  createdAt: string;
}

export interface RecipientRegistrationState {
  registrations: RegistrationRecord[];
  backoffice: BackofficeRecipientRecord[];
  /** Idempotent answers by (member, company, path, Idempotency-Key): see idempotency.ts. */
  answers: Map<string, IdempotencyRecord<unknown>>;
  nextIds: { registration: number; backoffice: number; recipient: number };
}

/** Two recipients waiting at the back office for Importadora del Bajío, so the list shows both sources. */
export function seedRecipientRegistration(now: Date): RecipientRegistrationState {
  const base = {
    clientId: "100234",
    memberId: 1,
    status: "pending" as const,
    createdAt: new Date(now.getTime() - 3 * 86_400_000).toISOString(),
    phone: "5512345678",
    rfc: null,
    relationType: null,
    relationTypeExtra: null,
    maxTransferAmount: null,
    bankCode: null,
    bankTypeAccount: null,
    bankCity: null,
    bankCountry: null,
    street: null,
    numberDir: null,
    numberInt: null,
    suburb: null,
    city: null,
    state: null,
    countryName: null,
    postalCode: null,
    intermediaryBankCode: null,
    intermediaryAccountType: null,
    intermediaryBankName: null,
    intermediaryBankCity: null,
    intermediaryBankCountry: null,
  };
  return {
    registrations: [],
    backoffice: [
      {
        ...base,
        id: 9001,
        recipientType: "pmn",
        names: null,
        fatherLastName: null,
        motherLastName: null,
        companyName: "Comercializadora Hidalgo S.A. de C.V.",
        rfc: "CHI010101AB1",
        relationType: "CUSTOMER",
        maxTransferAmount: 2,
        alias: "Hidalgo",
        email: "pagos@hidalgo.mx",
        currency: "MXN",
        accountClabe: "072180004512398769",
        bank: "Banorte",
      },
      {
        ...base,
        id: 9002,
        recipientType: "pfn",
        names: "Laura",
        fatherLastName: "Méndez",
        motherLastName: "Ríos",
        companyName: null,
        rfc: "MERL850101AB1",
        alias: "Diseño Laura",
        email: "laura@disenos.mx",
        currency: "MXN",
        accountClabe: "014180560044172586",
        bank: "Santander",
      },
    ],
    answers: new Map(),
    nextIds: { registration: 1, backoffice: 9003, recipient: 601 },
  };
}

/** International banks (§7 international-banks-catalogs); names in letters only, as §5 asks. */
export const INTERNATIONAL_BANKS = [
  { id: 1, name: "Bank of China Hong Kong", swift: "BKCHHKHH", aba: null, city: "Hong Kong", country: "China" },
  { id: 2, name: "Commerzbank", swift: "COBADEFF", aba: null, city: "Frankfurt", country: "Alemania" },
  { id: 3, name: "Royal Bank of Canada", swift: "ROYCCAT2", aba: null, city: "Toronto", country: "Canadá" },
  { id: 4, name: "JPMorgan Chase Bank", swift: "CHASUS33", aba: "021000021", city: "Nueva York", country: "Estados Unidos" },
  { id: 5, name: "Bank of America", swift: "BOFAUS3N", aba: "026009593", city: "Charlotte", country: "Estados Unidos" },
  { id: 6, name: "Citibank", swift: "CITIUS33", aba: "021000089", city: "Nueva York", country: "Estados Unidos" },
  { id: 7, name: "Wells Fargo Bank", swift: "WFBIUS6S", aba: "121000248", city: "San Francisco", country: "Estados Unidos" },
  { id: 8, name: "HSBC Bank", swift: "MIDLGB22", aba: null, city: "Londres", country: "Reino Unido" },
  { id: 9, name: "Barclays Bank", swift: "BARCGB22", aba: null, city: "Londres", country: "Reino Unido" },
  { id: 10, name: "Deutsche Bank", swift: "DEUTDEFF", aba: null, city: "Frankfurt", country: "Alemania" },
  { id: 11, name: "BNP Paribas", swift: "BNPAFRPP", aba: null, city: "París", country: "Francia" },
  { id: 12, name: "Banco Santander", swift: "BSCHESMM", aba: null, city: "Madrid", country: "España" },
  { id: 13, name: "UBS Switzerland", swift: "UBSWCHZH", aba: null, city: "Zúrich", country: "Suiza" },
  { id: 14, name: "Mizuho Bank", swift: "MHCBJPJT", aba: null, city: "Tokio", country: "Japón" },
  { id: 15, name: "Industrial and Commercial Bank of China", swift: "ICBKCNBJ", aba: null, city: "Pekín", country: "China" },
  { id: 16, name: "Toronto Dominion Bank", swift: "TDOMCATT", aba: null, city: "Toronto", country: "Canadá" },
  { id: 17, name: "ING Bank", swift: "INGBNL2A", aba: null, city: "Ámsterdam", country: "Países Bajos" },
  { id: 18, name: "Banco Itau", swift: "ITAUBRSP", aba: null, city: "Sao Paulo", country: "Brasil" },
  { id: 19, name: "Bancolombia", swift: "COLOCOBM", aba: null, city: "Medellín", country: "Colombia" },
  { id: 20, name: "Banco de Chile", swift: "BCHICLRM", aba: null, city: "Santiago", country: "Chile" },
] as const;

/** Account code types of §9, and the currencies the bank takes per recipient type. */
const ACCOUNT_TYPES = [
  { id: 7, name: "ABA" },
  { id: 8, name: "CHIPS" },
  { id: 9, name: "SWIFT" },
  { id: 11, name: "IBAN" },
];
const NATIONAL_CURRENCIES = ["MXN", "USD"];
const INTERNATIONAL_CURRENCIES = ["USD", "EUR", "CAD", "GBP", "CHF", "AUD", "JPY", "CNY"];

export const BANK_FORMAT_MESSAGE = "The bank format is not valid";
export const IBAN_MESSAGE = "Parece que hubo un error con el código IBAN...";
export const ACCOUNT_MESSAGE = "El número de cuenta no es válido";
export const DUPLICATE_ALIAS_MESSAGE = "Ya creaste un destinatario con el mismo alias. Por favor, elige un alias diferente para continuar.";

const BIC = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const national = (type: RecipientType) => type.endsWith("n");

/** What the bank checks before registering: the account, the bank code's format, the IBAN and its country. */
function bankChecks(data: RecipientData): void {
  if (national(data.recipientType)) {
    if (!isValidClabe(data.accountClabe)) throw new HttpError(422, ACCOUNT_MESSAGE, "ACCOUNT_NUMBER");
    return;
  }
  const iban = data.bankTypeAccount === 11;
  // With IBAN the account is the IBAN itself; other types take the bank's account number, digits only.
  if (!iban && !/^\d{4,34}$/.test(data.accountClabe)) throw new HttpError(422, ACCOUNT_MESSAGE, "ACCOUNT_NUMBER");
  const code = (data.bankCode ?? "").toUpperCase();
  const formatOk =
    data.bankTypeAccount === 7 ? /^\d{9}$/.test(code) : data.bankTypeAccount === 8 ? /^[A-Z0-9]{8,11}$/.test(code) : BIC.test(code);
  if (!formatOk) throw new HttpError(422, BANK_FORMAT_MESSAGE, "BANK_FORMAT");
  // An IBAN must be whole (ISO 13616, check digits included) and of the country of the bank's SWIFT code
  // (its 5th and 6th letters): a German IBAN cannot live at a Spanish bank.
  if (iban && ibanCountryIfValid(data.accountClabe) !== code.slice(4, 6)) {
    throw new HttpError(422, IBAN_MESSAGE, "IBAN");
  }
  if (data.intermediaryBankCode && !BIC.test(data.intermediaryBankCode.toUpperCase()) && data.intermediaryAccountType === 9) {
    throw new HttpError(422, BANK_FORMAT_MESSAGE, "BANK_FORMAT");
  }
}

export const fullNameOf = (data: RecipientData) =>
  data.recipientType.startsWith("pf")
    ? [data.names, data.fatherLastName, data.motherLastName].filter((part) => part?.trim()).join(" ")
    : (data.companyName ?? "");

const normalize = (alias: string) => alias.trim().toLocaleLowerCase("es-MX");

function aliasesInUse(state: SandboxState, clientId: string, exceptBackofficeId?: number): Set<string> {
  const own = state.recipientRegistration;
  const member = state.memberRecipients.filter((record) => record.clientId === clientId).map((record) => record.alias ?? "");
  return new Set(
    [
      ...state.recipients.filter((recipient) => recipient.clientId === clientId).map((recipient) => recipient.alias),
      ...member,
      ...own.backoffice
        .filter((record) => record.clientId === clientId && record.status === "pending" && record.id !== exceptBackofficeId)
        .map((record) => record.alias),
      ...own.registrations.filter((record) => record.clientId === clientId && record.status === "sent").map((record) => record.data.alias),
    ]
      .filter(Boolean)
      .map(normalize),
  );
}

function backofficeView(record: BackofficeRecipientRecord) {
  const { clientId: _clientId, memberId: _memberId, createdAt, ...data } = record;
  return { ...data, created_at: createdAt };
}

export function findRegistrationByTrk(state: SandboxState, trk: string): RegistrationRecord | undefined {
  return state.recipientRegistration.registrations.find((registration) => registration.trk === trk);
}

/** The challenge page's summary of a registration, accounts masked as bank pages show them. */
export function registrationSummary(registration: RegistrationRecord): [string, string][] {
  const data = registration.data;
  const type = {
    pfn: "Persona física nacional",
    pfe: "Persona física internacional",
    pmn: "Persona moral nacional",
    pme: "Persona moral internacional",
  }[data.recipientType];
  return [
    ["Operación", `Alta de destinatario (núm. ${registration.id})`],
    ["Tipo", type],
    ["Destinatario", fullNameOf(data)],
    ["Alias", data.alias],
    ["Cuenta", `terminación ${data.accountClabe.slice(-4)}`],
    ["Banco", data.bank],
    ["Divisa", data.currency],
  ];
}

/** Where the challenge page sends the browser after a registration's challenge. */
export function registrationReturnUrl(
  ctx: SandboxContext,
  registration: RegistrationRecord,
  outcome: { res: string; msg: string; retries: string },
): string {
  const query = [
    `trk=${encodeURIComponent(registration.trk)}`,
    `id=${registration.id}`,
    `res=${outcome.res}`,
    `msg=${encodeURIComponent(outcome.msg)}`,
    `retries=${outcome.retries}`,
  ].join("&");
  return `${ctx.appUrl}/destinatarios-alta/resultado?${query}`;
}

export interface RecipientRegistrationControls {
  /** Pending authorizations are dropped (reset and close). */
  cancelTimers(): void;
  /** Authorizations scheduled and not run yet. */
  pending(): number;
  /** Restores the configured authorization delay (reset). */
  reset(): void;
}

const DEFAULT_AUTHORIZE_DELAY_MS = 60_000;

function delayFromEnv(): number {
  const value = Number(process.env.SANDBOX_RECIPIENT_AUTHORIZE_DELAY_MS ?? NaN);
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_AUTHORIZE_DELAY_MS;
}

const transitionInput = z.object({
  res: z.union([z.string().min(1), z.number().int()]).transform(String),
  msg: z.string().max(1000),
  trk: z.string().min(1).max(200),
  params: z.object({
    id: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
    recipient_status: z.union([z.number().int(), z.string(), z.null()]).optional(),
  }),
});
const statusInput = z.object({ status: z.enum(["deleted", "pending", "registered"]) });
const searchInput = z.object({ limit: z.coerce.number().int().min(1).max(10).default(10) });
const delayInput = z.object({ authorizeDelayMs: z.number().int().min(0).max(3_600_000) }).strict();

export function registerRecipientRegistrationRoutes(
  router: Router,
  ctx: SandboxContext,
  options: { authorizeDelayMs?: number } = {},
): RecipientRegistrationControls {
  const { state } = ctx;
  const configuredDelay = options.authorizeDelayMs ?? delayFromEnv();
  let authorizeDelayMs = configuredDelay;
  const timers = new Set<NodeJS.Timeout>();
  const own = () => state.recipientRegistration;
  const auth = (request: RequestContext) => authenticateMember(ctx, request);

  /**
   * §3: a pending recipient (1) becomes authorized (2) or rejected (3), and each member told (who
   * registered it, or the company's members for one loaded at the bank) gets a receiver notification.
   */
  function decide(recipient: RecipientRecord, decision: 2 | 3, memberIds: number[]): void {
    if (!state.recipients.includes(recipient) || recipient.status.id !== 1) return;
    recipient.status = { id: decision };
    for (const memberId of memberIds) {
      addNotification(ctx, {
        memberId,
        module: "receiver",
        ...(decision === 2
          ? {
              type: "info",
              title: "Destinatario activo",
              copy: `${recipient.fullName} ya está autorizado. Ya puedes enviarle dinero.`,
              status: "authorized",
            }
          : {
              type: "error",
              title: "Destinatario rechazado",
              copy: `El banco no autorizó a ${recipient.fullName}. Revisa sus datos y regístralo de nuevo.`,
              status: "rejected",
            }),
        detail: { idRecipient: recipient.idRecipient, name: recipient.fullName },
      });
    }
  }

  /** §4 back-office receivers: loaded (pending registration) and registered, each told to who loaded it. */
  function tellBackoffice(record: BackofficeRecipientRecord, status: "pending" | "authorized"): void {
    addNotification(ctx, {
      memberId: record.memberId,
      module: "borecipient",
      type: status === "pending" ? "pending" : "info",
      title: status === "pending" ? "Destinatario pendiente de registro" : "Destinatario registrado",
      copy:
        status === "pending"
          ? `Recibimos los datos de ${record.alias}. Lo registraremos en tu banca en unos minutos.`
          : `${record.alias} quedó registrado. Ya puedes enviarle dinero.`,
      detail: { id: record.id, name: record.alias, status },
      status,
    });
  }

  function scheduleAuthorization(recipient: RecipientRecord, memberId: number): void {
    if (authorizeDelayMs === 0) return decide(recipient, 2, [memberId]);
    const timer = setTimeout(() => {
      timers.delete(timer);
      decide(recipient, 2, [memberId]);
    }, authorizeDelayMs);
    timers.add(timer);
  }

  /**
   * The same key (same member and company) with the same recipient data answers the first result
   * again and creates nothing; the key with other data is refused (422).
   */
  async function idempotent(caller: ProductAuth, request: RequestContext, create: () => unknown) {
    const key = idempotencyKeyOf(request.headers);
    const scope = `${caller.member.memberId}|${caller.claims.clientId}|${request.url.pathname}|${key}`;
    const { answer, replayed } = await once(own().answers, scope, fingerprintOf(request.body), create);
    return json(replayed ? 200 : 201, answer);
  }

  function checkAlias(clientId: string, alias: string, exceptBackofficeId?: number): void {
    if (aliasesInUse(state, clientId, exceptBackofficeId).has(normalize(alias))) {
      throw new HttpError(409, DUPLICATE_ALIAS_MESSAGE, "DUPLICATE_ALIAS");
    }
  }

  function registrationView(registration: RegistrationRecord) {
    const recipient =
      registration.recipientId === null
        ? undefined
        : state.recipients.find((candidate) => candidate.idRecipient === registration.recipientId);
    return {
      id: registration.id,
      status: registration.status,
      trk: registration.trk,
      recipient: recipient
        ? { idRecipient: recipient.idRecipient, fullName: recipient.fullName, status: { id: recipient.status.id } }
        : null,
      created_at: registration.createdAt,
    };
  }

  function ownBackoffice(clientId: string, id: number): BackofficeRecipientRecord {
    const record = own().backoffice.find(
      (candidate) => candidate.id === id && candidate.clientId === clientId && candidate.status !== "deleted",
    );
    if (!record) throw new HttpError(404, "Destinatario no encontrado", "RECIPIENT_NOT_FOUND");
    return record;
  }

  router
    .get("/partner/beneficiary", (request) => {
      authenticatePartner(ctx, request);
      const type = request.query.get("recipientType");
      if (!RECIPIENT_TYPES.includes(type as RecipientType))
        throw new HttpError(400, "recipientType debe ser pfn, pfe, pmn o pme", "INVALID_QUERY");
      const isNational = national(type as RecipientType);
      return json(200, {
        data: {
          recipientType: type,
          currencies: isNational ? NATIONAL_CURRENCIES : INTERNATIONAL_CURRENCIES,
          accountTypes: isNational ? [] : ACCOUNT_TYPES,
        },
      });
    })
    .get("/api/international-banks-catalogs/search", (request) => {
      auth(request);
      const { limit } = parseWith(searchInput, Object.fromEntries(request.query));
      const type = (["name", "swift", "aba"] as const).find((candidate) => request.query.get(candidate));
      if (!type) throw new HttpError(400, "Indica name, swift o aba", "INVALID_QUERY");
      const wanted = (request.query.get(type) ?? "").trim();
      const plain = (text: string) =>
        text
          .normalize("NFD")
          .replace(/\p{Diacritic}/gu, "")
          .toLowerCase();
      const matches = INTERNATIONAL_BANKS.filter((bank) =>
        type === "name" ? plain(bank.name).includes(plain(wanted)) : (bank[type] ?? "").toUpperCase().startsWith(wanted.toUpperCase()),
      );
      return json(200, matches.slice(0, limit));
    })
    .post("/api/recipient-registrations", (request) => {
      const caller = auth(request);
      return idempotent(caller, request, () => {
        const data = parseWith(recipientData, request.body);
        bankChecks(data);
        checkAlias(caller.claims.clientId, data.alias);
        const registration: RegistrationRecord = {
          id: own().nextIds.registration++,
          clientId: caller.claims.clientId,
          memberId: caller.member.memberId,
          trk: randomUUID(),
          status: "sent",
          data,
          challengeAnswer: null,
          result: null,
          recipientId: null,
          createdAt: ctx.now().toISOString(),
        };
        own().registrations.push(registration);
        return {
          id: registration.id,
          status: "sent",
          trk: registration.trk,
          uri: `${ctx.challengeUrl}/?trk=${encodeURIComponent(registration.trk)}`,
        };
      });
    })
    .put("/api/recipient-registrations/transition/register", (request) => {
      const caller = auth(request);
      const input = parseWith(transitionInput, request.body);
      const registration = own().registrations.find(
        (candidate) => candidate.trk === input.trk && candidate.clientId === caller.claims.clientId,
      );
      if (!registration) throw new HttpError(404, "Registro no encontrado", "REGISTRATION_NOT_FOUND");
      if (registration.id !== input.params.id) throw new HttpError(400, "El id no corresponde al registro", "INVALID_BODY");
      // Idempotent by trk: the first result stands.
      if (registration.result) return json(200, registrationView(registration));
      if (registration.challengeAnswer === null || registration.challengeAnswer !== input.res) {
        throw new HttpError(409, "El resultado no corresponde al reto del banco", "CHALLENGE_MISMATCH");
      }
      registration.result = { res: input.res, msg: input.msg };
      if (input.res !== "0") {
        registration.status = "rejected";
        return json(200, registrationView(registration));
      }
      const data = registration.data;
      const recipient: RecipientRecord = {
        idRecipient: own().nextIds.recipient++,
        clientId: registration.clientId,
        fullName: fullNameOf(data),
        alias: data.alias,
        account: data.accountClabe,
        idCurrency: data.currency as Currency,
        bankName: data.bank,
        status: { id: 1 },
        typeOriginPerson: national(data.recipientType) ? "NACIONAL" : "EXTRANJERA",
        typePerson: data.recipientType.startsWith("pf") ? "FISICA" : "MORAL",
      };
      state.recipients.push(recipient);
      registration.status = "registered";
      registration.recipientId = recipient.idRecipient;
      scheduleAuthorization(recipient, registration.memberId);
      return json(200, registrationView(registration));
    })
    .post("/api/backoffice-recipients", (request) => {
      const caller = auth(request);
      return idempotent(caller, request, () => {
        const data = parseWith(recipientData, request.body);
        bankChecks(data);
        checkAlias(caller.claims.clientId, data.alias);
        const record: BackofficeRecipientRecord = {
          ...data,
          id: own().nextIds.backoffice++,
          clientId: caller.claims.clientId,
          memberId: caller.member.memberId,
          status: "pending",
          createdAt: ctx.now().toISOString(),
        };
        own().backoffice.push(record);
        tellBackoffice(record, "pending");
        return backofficeView(record);
      });
    })
    .get("/api/backoffice-recipients/pending", (request) => {
      const { claims } = auth(request);
      return json(
        200,
        own()
          .backoffice.filter((record) => record.clientId === claims.clientId && record.status === "pending")
          .map(backofficeView),
      );
    })
    .get("/api/backoffice-recipients/:id", (request) => {
      const { claims } = auth(request);
      return json(200, backofficeView(ownBackoffice(claims.clientId, Number(request.params.id))));
    })
    .put("/api/backoffice-recipients/:id", (request) => {
      const { claims } = auth(request);
      const record = ownBackoffice(claims.clientId, Number(request.params.id));
      if (record.status !== "pending") throw new HttpError(409, "Solo se editan destinatarios pendientes", "NOT_PENDING");
      const changes = parseWith(recipientData.partial(), request.body);
      if (changes.alias !== undefined) checkAlias(claims.clientId, changes.alias, record.id);
      const next = { ...record, ...changes };
      bankChecks(next);
      Object.assign(record, changes);
      return json(200, backofficeView(record));
    })
    .put("/api/backoffice-recipients/:id/status", (request) => {
      const { claims } = auth(request);
      const id = Number(request.params.id);
      const { status } = parseWith(statusInput, request.body);
      const backoffice = own().backoffice.find(
        (candidate) => candidate.id === id && candidate.clientId === claims.clientId && candidate.status !== "deleted",
      );
      if (backoffice) {
        const registered = backoffice.status === "pending" && status === "registered";
        backoffice.status = status;
        if (registered) tellBackoffice(backoffice, "authorized");
        return json(200, { id, status });
      }
      // The back office also answers for the company's bank recipients: deleting one removes it at the bank.
      const index = state.recipients.findIndex((recipient) => recipient.idRecipient === id && recipient.clientId === claims.clientId);
      if (index < 0 || status !== "deleted") throw new HttpError(404, "Destinatario no encontrado", "RECIPIENT_NOT_FOUND");
      state.recipients.splice(index, 1);
      state.memberRecipients = state.memberRecipients.filter(
        (record) => !(record.idRecipient === id && record.clientId === claims.clientId),
      );
      return json(200, { id, status });
    })
    // Control endpoints (tests and developers).
    .get("/__recipients", () =>
      json(200, {
        authorizeDelayMs,
        registrations: own().registrations.map((registration) => ({
          ...registrationView(registration),
          clientId: registration.clientId,
          alias: registration.data.alias,
        })),
        backoffice: own().backoffice.map((record) => ({
          id: record.id,
          clientId: record.clientId,
          alias: record.alias,
          status: record.status,
        })),
      }),
    )
    // Control endpoint: the bank decides on a pending recipient now (2 authorizes, 3 rejects), with its notification.
    .post("/__recipients/:id/decision", (request) => {
      const recipient = state.recipients.find((candidate) => candidate.idRecipient === Number(request.params.id));
      if (!recipient || recipient.status.id !== 1) throw new HttpError(404, "Destinatario pendiente no encontrado", "RECIPIENT_NOT_FOUND");
      const { status } = parseWith(z.object({ status: z.union([z.literal(2), z.literal(3)]) }), request.body);
      // Who registered it hears; a recipient loaded at the bank itself is told to the company's members.
      const registration = own().registrations.find((candidate) => candidate.recipientId === recipient.idRecipient);
      const members = registration
        ? [registration.memberId]
        : state.members
            .filter((member) =>
              state.bankUsers.some(
                (user) => user.userName === member.userName && user.companies.some((link) => link.clientId === recipient.clientId),
              ),
            )
            .map((member) => member.memberId);
      decide(recipient, status, members);
      return json(200, { id: recipient.idRecipient, status: recipient.status.id });
    })
    .post("/__recipients", ({ body }) => {
      authorizeDelayMs = parseWith(delayInput, body).authorizeDelayMs;
      return json(200, { authorizeDelayMs });
    });

  return {
    cancelTimers() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
    pending: () => timers.size,
    reset() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      authorizeDelayMs = configuredDelay;
    },
  };
}
