// Shapes of the sandbox's in-memory world. Field names follow the upstream contract where they
// cross the wire (idAccount, clientId, ...); everything else is plain English.

export type ProfileType = "ADMINISTRADOR" | "COLABORADOR";
export type Currency = "MXN" | "MXP" | "USD" | "EUR" | "CAD" | "GBP" | "CHF" | "JPY";
export type PermissionName =
  | "send_money_to_own_accounts"
  | "send_money_to_third_accounts"
  | "can_create_operations"
  | "can_execute_operations";

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
  detail: Record<string, string>;
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

export type FaultKind = "status" | "timeout" | "malformed" | "slow";

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
export interface SandboxState {
  companies: BankCompany[];
  accounts: BankAccount[];
  bankUsers: BankUser[];
  members: ProductMember[];
  memberAccounts: MemberAccountRecord[];
  catalogs: Catalogs;
  operationLogs: { id: number; application: string; error: unknown; context: unknown; operation: unknown; at: string }[];
  bankSessions: Map<string, BankSession>;
  /** Rotated on reset so product jwts issued before it stop verifying, like bank tokens. */
  jwtSecret: Buffer;
  faults: Fault[];
  latencyMs: number;
  requests: RequestLogEntry[];
  nextIds: { member: number; memberAccount: number; fault: number; operationLog: number };
}
