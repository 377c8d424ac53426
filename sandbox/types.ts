// Shapes of the sandbox's in-memory world. Field names follow the upstream contract where they
// cross the wire (idAccount, clientId, ...); everything else is plain English.

import type { MarketToolsState } from "./alerts";
import type { OperationBatchState } from "./batches";
import type { CollaborationState } from "./collaborators";
import type { ContactState } from "./contact";
import type { IdempotencyRecord } from "./idempotency";
import type { LedgerState, MovementRecord } from "./ledger";
import type { RecipientRegistrationState } from "./recipient-registration";
import type { ScheduleState } from "./schedules";

export type ProfileType = "ADMINISTRADOR" | "COLABORADOR";
export type Currency = "MXN" | "MXP" | "USD" | "EUR" | "CAD" | "GBP" | "CHF" | "JPY";
export type PermissionName =
  | "send_money_to_own_accounts"
  | "send_money_to_third_accounts"
  | "can_create_operations"
  | "can_execute_operations";

/** Every permission the product API knows; an administrator holds them all. */
export const ALL_PERMISSIONS: readonly PermissionName[] = [
  "send_money_to_own_accounts",
  "send_money_to_third_accounts",
  "can_create_operations",
  "can_execute_operations",
];

export interface BankCompany {
  clientId: string;
  /** Numeric id the product API uses for the company record. */
  id: number;
  name: string;
  businessName: string;
  groupId: number;
  groupName: string;
  contractId: string;
  interestBearingAccount: boolean;
  /** The bank lets the company buy and sell spot; absent means it does (control `POST /__companies/:clientId`). */
  spotAuthorized?: boolean;
  /** hasPermissionsFeatureEnabled for the company (collaborators.ts; control `POST /__company-settings/:clientId`). */
  permissionsFeatureEnabled?: boolean;
  /** The bank requires a second signature (mancomunación): an administrator's approval alone is refused. */
  secondSignatureRequired?: boolean;
}

export interface BankAccount {
  idAccount: string;
  clientId: string;
  clabe: string;
  currency: Currency;
  balance: number;
  alias: string;
}

export interface BankUser {
  userName: string;
  name: string;
  firstLastName: string;
  secondLastName: string;
  email: string;
  rfc: string;
  /** Order matters: the portal logs a user into the first company. */
  companies: { clientId: string; profileType: ProfileType }[];
}

export interface Membership {
  membershipId: 1 | 2;
  freeTrial: boolean;
  lastPayment: string | null;
  nextPayment: string | null;
  status: "active" | "pendingcancel";
  /** The company account the Pro fee is charged to (membership.ts); null or absent: none chosen. */
  paymentAccountId?: string | null;
}

export interface ProductMember {
  memberId: number;
  userName: string;
  createdAt: string;
  /** Null between /createuser and /setmembershipuser: the member is not usable yet. */
  membership: Membership | null;
  /** A Pro trial is granted once per member. */
  trialUsed: boolean;
  permissions: PermissionName[];
  profile: {
    id: number;
    alias: string;
    phone: string | null;
    phoneVerified: boolean;
    email: string;
    emailVerified: boolean;
    avatar: string | null;
  };
  visitedTours: string[];
  terms: { acceptedAt: string; version: string; provider: string } | null;
}

export interface MemberAccountRecord {
  id: number;
  memberId: number;
  clientId: string;
  idAccount: string;
  alias: string | null;
  favorite: boolean;
}

export interface Announcement {
  id: number;
  active: boolean;
  dateToShow: string;
  service: "FX" | "SPEI" | "SPID" | "OPI";
  type: "delays" | "issues" | "beforeDayOff" | "dayOff" | "novelty";
  detail: Record<string, string> | null;
  resolution_time: string | null;
  created_at: string;
}

export interface Catalogs {
  pairs: string[];
  errorCatalog: { id: number; code: string; message: string }[];
  countries: { id: number; description: string; code: string; phoneCode: string }[];
  conceptPays: { IdPayConcept: number; typeConcept: "national" | "international"; concept: string }[];
  permissions: { id: number; name: PermissionName }[];
  nonWorkingDates: string[];
  announcements: Announcement[];
  /** The highest announcement id ever given out: a posted announcement never takes an id a person may have closed. */
  lastAnnouncementId?: number;
  plans: { id: 1 | 2; name: string; features: string[] }[];
  membershipCosts: { id: number; amount: number; currency: "MXN"; taxRate: number }[];
  trialDays: { id: number; days: number }[];
}

export interface BankSession {
  userName: string;
  clientId: string;
  expiresAt: number;
  revoked: boolean;
}

/** SPEC §3 Notification: the modules a notification belongs to. */
export const NOTIFICATION_MODULES = [
  "announcement",
  "operation",
  "planner",
  "receiver",
  "borecipient",
  "movement",
  "profileUpdate",
  "permissions",
  "operationsToBeApproved",
  // Not in §3's list: a price alert that fired (alerts.ts, decision 045).
  "priceAlert",
] as const;
export type NotificationModule = (typeof NOTIFICATION_MODULES)[number];
export type NotificationType = "error" | "info" | "pending";

/** One notification of the notification service, owned by one product member. */
export interface NotificationRecord {
  id: number;
  memberId: number;
  module: NotificationModule;
  type: NotificationType;
  read: boolean;
  readAt: string | null;
  title: string;
  copy: string;
  createdAt: string;
  /** Shape depends on the module (SPEC §3); an array for movements. */
  detail: unknown;
  status: string | null;
  /** Free JSON text some producers attach; null when absent. */
  content: string | null;
}

export type FaultKind = "status" | "timeout" | "malformed" | "slow" | "drop";

export interface Fault {
  id: number;
  path: string;
  method?: string;
  kind: FaultKind;
  status?: number;
  retryAfter?: number;
  delayMs?: number;
  /** Matching requests still to be affected; -1 = until cleared. */
  times: number;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  at: string;
}

/** Everything /__reset restores. Mutated in place so references held by handlers stay valid. */
export const MODAL_NAMES = [
  "csat",
  "nps",
  "verify_email",
  "verify_phone",
  "verify_email_on_init",
  "verify_phone_on_init",
  "paid_account",
  "rebrand",
] as const;
export type ModalName = (typeof MODAL_NAMES)[number];

export interface ModalFlagRecord {
  memberId: number;
  /** The flag's id: its position in MODAL_NAMES, plus one. */
  id: number;
  modal: ModalName;
  show: boolean;
  /** How often the app said it showed it (PUT /registerModal). */
  shown: number;
}

export interface SandboxState {
  companies: BankCompany[];
  accounts: BankAccount[];
  bankUsers: BankUser[];
  members: ProductMember[];
  memberAccounts: MemberAccountRecord[];
  notifications: NotificationRecord[];
  catalogs: Catalogs;
  operationLogs: { id: number; application: string; error: unknown; context: unknown; operation: unknown; at: string }[];
  /** §3 modal flags per member (`modals.ts`), the rebrand notice among them. */
  modalFlags: ModalFlagRecord[];
  /** Survey answers recorded by POST /api/surveys/answers. */
  surveyAnswers: { memberId: number; modalId: number; kind: "csat" | "nps"; score: number; comments: string; at: string }[];
  bankSessions: Map<string, BankSession>;
  /** Rotated on reset so product jwts issued before it stop verifying, like bank tokens. */
  jwtSecret: Buffer;
  /** HMAC key of streamed price quotes (see price-signing.ts); rotated on reset like jwtSecret. */
  priceSecret: string;
  faults: Fault[];
  latencyMs: number;
  requests: RequestLogEntry[];
  /** Beneficiaries registered at the bank, per company (partner /recipients/). */
  recipients: RecipientRecord[];
  /** Per-member favourites and aliases of recipients (product /memberrecipients). */
  memberRecipients: MemberRecipientRecord[];
  /** Registrations through the challenge and the back office's recipients (recipient-registration.ts). */
  recipientRegistration: RecipientRegistrationState;
  /** The bank middleware's movements of every account, written by the books (ledger.ts). */
  movements: MovementRecord[];
  /** The books: opening balances and the postings made (ledger.ts). */
  ledger: LedgerState;
  operations: OperationRecord[];
  binnacles: BinnacleEntry[];
  /** /setoperation's keys by idempotency scope (member, company, key): see idempotency.ts. */
  idempotency: Map<string, IdempotencyRecord<SetOperationAnswer>>;
  /** Operations signed together with one token (batches.ts, decision 093). */
  operationBatches: OperationBatchState;
  /** Price alerts and follows per member (alerts.ts). */
  marketTools: MarketToolsState;
  /** PUT /membership/upgrade's keys by scope (member, key): a repeated upgrade answers the first (membership-routes.ts). */
  membershipUpgrades: Map<string, IdempotencyRecord<unknown>>;
  /** E-mails sent through /sendEmailReceipts and the contact confirmations (GET /__outbox). */
  outbox: OutboxEmail[];
  /** Recurring payments and their events (schedules.ts). */
  scheduledPayments: ScheduleState;
  /** Contact verification per member and channel, and the WhatsApp outbox (profiles.ts). */
  contact: ContactState;
  /** Permission-activation requests and approvals' bookkeeping (collaborators.ts). */
  collaboration: CollaborationState;
  nextIds: {
    member: number;
    memberAccount: number;
    fault: number;
    operationLog: number;
    notification: number;
    operation: number;
    binnacle: number;
    email: number;
  };
}

/** A beneficiary as the partner bank lists it; `clientId` is the company that registered it. */
export interface RecipientRecord {
  idRecipient: number;
  clientId: string;
  fullName: string;
  alias: string;
  /** CLABE (18 digits) for national recipients, the foreign account number otherwise. */
  account: string;
  idCurrency: Currency;
  bankName: string;
  /** 1 pending, 2 authorized, 3 changed (SPEC §3 Recipient). */
  status: { id: 1 | 2 | 3 };
  typeOriginPerson: "NACIONAL" | "EXTRANJERA";
  typePerson: "FISICA" | "MORAL";
}

export interface MemberRecipientRecord {
  id: number;
  memberId: number;
  clientId: string;
  idRecipient: number;
  alias: string | null;
  favorite: boolean;
}

export type OperationKind = "buy" | "sell" | "transfer";

/** SPEC §4 operation status codes; the sandbox itself moves through sent, applying, applied, notApplied. */
export const OPERATION_STATUSES = [
  "applied",
  "appliedNoReceipt",
  "applying",
  "fixappliedNoReceipt",
  "fixApplying",
  "notApplied",
  "notAppliedCan",
  "notApplying",
  "returned",
  "sent",
  "validating",
  "notAppliedByAdmin",
] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

export interface AccountRef {
  idCuenta: string;
  idDivisa: string;
}

/** The price the app quoted from the WebSocket, echoed back on /setoperation. */
export interface PriceObject {
  lpId: string;
  sig: string;
  ts: number;
  price: number;
  buy: number;
  sell: number;
  pair: string;
}

export interface ResponseChallenge {
  res: string;
  msg: string;
  /** dil for buy/sell ("portfolio-operation"), crf for transfers. */
  dil?: string;
  crf?: string;
  ope: string;
  trk: string;
}

export interface OperationRecord {
  id: number;
  clientId: string;
  memberId: number;
  idempotencyKey: string;
  operation: OperationKind;
  status: OperationStatus;
  txId: string;
  /** Challenge tracking id: the challenge page and /processchallenge find the operation by it. */
  trk: string;
  pair: string;
  amount: number;
  amountOrigin: number;
  amountDestiny: number;
  total: number;
  margin: string;
  exchangeRate: number;
  accountOrigin: AccountRef;
  accountDestiny: AccountRef | null;
  recipientId: number | null;
  /** §3 `receiverTypeData` of `recipientId`: a back-office recipient ("BO"), else the bank's own (payees.ts). */
  recipientSource?: "B3" | "BO";
  concept: number;
  conceptString: string;
  aditionalInformation: string;
  priceObject: PriceObject | null;
  calculatePlace: "left" | "right";
  requiresAdminApproval: boolean;
  createdAt: string;
  updatedAt: string;
  referenceGFB: string | null;
  idLiquidation: number | null;
  responseChallenge: ResponseChallenge | null;
  /** Extra data the app sent with the challenge result (`more`), kept as received. */
  challengeMore: unknown;
  /**
   * What the challenge page answered (its `res`), so /processchallenge can refuse a result the
   * bank never gave: a browser cannot skip the challenge by typing /transaction?res=0.
   */
  challengeAnswer: string | null;
  /** Its money moved (ledger.ts `postOperation`): guards the single posting of an applied operation. */
  balancesMoved: boolean;
  /** Clave de rastreo of a transfer that left by SPEI, given when its money moved (ledger.ts). */
  speiTrackingKey?: string | null;
  /** When that SPEI left (ISO): its 'fecha de operación' for Banxico's CEP is this instant's Mexico City day. */
  speiSentAt?: string | null;
  /** Part of the seeded history (sandbox/history-seed.ts), not created through /setoperation. */
  seeded?: boolean;
  /** Why the bank returned the money (status "returned"). */
  reasonReturned?: string | null;
  /**
   * A pending seeded operation (applying, appliedNoReceipt) settles at the first status check
   * (/operations/check*status) made at or after this instant; null: it stays pending.
   */
  settlesAt?: string | null;
  /** The scheduled-payment event this operation pays ("pay now"); its successful challenge marks it paid. */
  scheduledPaymentEventId?: number | null;
  /**
   * The administrator who approved an operation waiting for approval (PUT /operations, collaborators.ts): it can
   * then be challenged, with that administrator's token only.
   */
  approvedBy?: number | null;
  /** When that administrator approved it. */
  approvedAt?: string | null;
}

/** One e-mail accepted by /sendEmailReceipts, kept for tests and developers (GET /__outbox). */
export interface OutboxEmail {
  id: number;
  clientId: string;
  memberId: number;
  /** confirmContact: a contact e-mail's confirmation link (profiles.ts). */
  template: "estimatedArrival" | "sendReceipts" | "confirmContact";
  to: string[];
  data: Record<string, unknown>;
  attachments: { filename: string; contentType: string; content: string }[];
  at: string;
}

export interface BinnacleEntry {
  id: number;
  operationId: number;
  step: number;
  status: string;
  message: string;
  createdAt: string;
}

/** The 201 body of /setoperation, replayed verbatim (with 200) for a repeated Idempotency-Key. */
export interface SetOperationAnswer {
  id: number;
  status: "sent";
  trk: string;
  uri: string | null;
  requires_admin_approval: boolean;
}
