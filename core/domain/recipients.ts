/**
 * The recipients list (SPEC §2 /destinatarios, §3 Recipient, §4 Recipient, §5 search, §6):
 * core recipients from the bank and recipients still at the product's back office, as one list.
 */
/**
 * The one status a recipient's row shows (§3 pending, authorized; §4 3 reads as changed). §4
 * treats a back-office recipient as authorized: it reads 'Autorizado' like any other payable one,
 * and its row tells where it came from apart from the status (decision 097).
 */
export type RecipientStatus = "pending" | "authorized" | "changed";
/** §3 `receiverTypeData`: the bank's own recipients (B3) or the product's back office (BO). */
export type RecipientSource = "B3" | "BO";

/**
 * How the app names a recipient it may pay, in forms and links: a bank recipient by its id
 * ("501"), a back-office one as "bo-9001". The ids come from two systems (the bank's core and the
 * product's back office) and can be the same number for two different recipients.
 */
export type PaymentRef = { source: RecipientSource; id: string };

const BACKOFFICE_REF = "bo-";

export function paymentRefText(ref: PaymentRef): string {
  return ref.source === "BO" ? `${BACKOFFICE_REF}${ref.id}` : ref.id;
}

export function parsePaymentRef(text: string): PaymentRef | null {
  const backoffice = text.startsWith(BACKOFFICE_REF);
  const id = backoffice ? text.slice(BACKOFFICE_REF.length) : text;
  return id === "" ? null : { source: backoffice ? "BO" : "B3", id };
}

export interface CoreRecipientInput {
  idRecipient: string;
  fullName: string;
  alias: string | null;
  account: string;
  idCurrency: string;
  bankName: string;
  status: { id: number };
  typeOriginPerson: "NACIONAL" | "EXTRANJERA";
  typePerson: "FISICA" | "MORAL";
}

export interface MemberRecipientInput {
  idRecipient: string;
  alias: string | null;
  favorite: boolean;
}

export interface BackofficeRecipientInput {
  id: string;
  recipientType: string;
  names: string | null;
  fatherLastName: string | null;
  motherLastName: string | null;
  companyName: string | null;
  accountClabe: string;
  currency: string;
  bank: string | null;
  alias: string | null;
  /** The back office's own status: pending (in review), registered or deleted. */
  status?: string | null;
}

export interface RecipientView {
  /** Unique across sources: "B3-501", "BO-9001". */
  key: string;
  id: string;
  /** What the calculator and its links call it (`paymentRefText`): "501", "bo-9001". */
  ref: string;
  source: RecipientSource;
  name: string;
  alias: string;
  /** Last 4 digits only (§9): the full account never leaves the server. */
  last4: string;
  currency: string;
  bankName: string;
  status: RecipientStatus;
  national: boolean;
  typePerson: "FISICA" | "MORAL";
  favorite: boolean;
  /** Favourites live in the product's member records, which exist for bank recipients only. */
  canFavorite: boolean;
  /** Money can go to it now: the calculator offers it ('Enviar dinero'). */
  canSend: boolean;
}

/** §4: a core recipient is authorized only with status 2 (3 is a change); anything else is pending. */
export function coreStatus(statusId: number): RecipientStatus {
  if (statusId === 2) return "authorized";
  if (statusId === 3) return "changed";
  return "pending";
}

export type RowStatusInput = { source: "B3"; statusId: number } | { source: "BO"; status?: string | null };

/**
 * The single status of a recipient's row, from its upstream fields. A bank recipient follows its
 * status id (§4). A back-office recipient is authorized whether the back office still has it
 * pending or registered it (§4: "back-office pending recipients are treated as authorized";
 * decision 097 replaces the 'En revisión' of 053, which contradicted it being payable); a deleted
 * one (§4: deletion is a status update) is null, not shown.
 */
export function rowStatus(input: RowStatusInput): RecipientStatus | null {
  if (input.source === "B3") return coreStatus(input.statusId);
  const status = (input.status ?? "pending").trim().toLowerCase();
  return status === "deleted" ? null : "authorized";
}

/** §4: money goes to a recipient only while its one status is authorized, whatever its source. */
export const isPayable = (input: RowStatusInput): boolean => rowStatus(input) === "authorized";

const last4 = (account: string) => account.replace(/\s/g, "").slice(-4);
const currencyShown = (code: string) => (code.trim().toUpperCase() === "MXP" ? "MXN" : code.trim().toUpperCase());

/** A back-office recipient's full name: the person's names and surnames, or the company's name. */
export function backofficeName(recipient: BackofficeRecipientInput): string {
  return recipient.recipientType.startsWith("pf")
    ? [recipient.names, recipient.fatherLastName, recipient.motherLastName].filter((part) => part?.trim()).join(" ")
    : (recipient.companyName ?? "");
}

/** A recipient money can go to now, as the calculator's destination menu and its submit know it. */
export interface PayableRecipient {
  /** `paymentRefText`: "501", "bo-9001". */
  id: string;
  source: RecipientSource;
  /** The member's alias, the upstream's alias, or the full name. */
  name: string;
  currency: string;
  bankName: string;
  last4: string;
  /** §1 Nacional / Internacional. */
  national: boolean;
}

/**
 * Every recipient that may be paid now (§4): the bank's authorized ones in the bank's order, then
 * the back office's (§4 treats them as authorized, decision 097). Who may pay whom (§6, decision
 * 066) is the caller's filter.
 */
export function payableRecipients(
  core: readonly CoreRecipientInput[],
  aliases: ReadonlyMap<string, string | null>,
  backoffice: readonly BackofficeRecipientInput[],
): PayableRecipient[] {
  const bank = core
    .filter((recipient) => isPayable({ source: "B3", statusId: recipient.status.id }))
    .map(
      (recipient): PayableRecipient => ({
        id: paymentRefText({ source: "B3", id: recipient.idRecipient }),
        source: "B3",
        name: aliases.get(recipient.idRecipient)?.trim() || recipient.alias?.trim() || recipient.fullName,
        currency: currencyShown(recipient.idCurrency),
        bankName: recipient.bankName,
        last4: last4(recipient.account),
        national: recipient.typeOriginPerson === "NACIONAL",
      }),
    );
  const loaded = backoffice
    .filter((recipient) => isPayable({ source: "BO", status: recipient.status }))
    .map(
      (recipient): PayableRecipient => ({
        id: paymentRefText({ source: "BO", id: recipient.id }),
        source: "BO",
        name: recipient.alias?.trim() || backofficeName(recipient),
        currency: currencyShown(recipient.currency),
        bankName: recipient.bank ?? "",
        last4: last4(recipient.accountClabe),
        national: recipient.recipientType.endsWith("n"),
      }),
    );
  return [...bank, ...loaded];
}

export function recipientViews(
  core: readonly CoreRecipientInput[],
  member: readonly MemberRecipientInput[],
  backoffice: readonly BackofficeRecipientInput[],
): RecipientView[] {
  const records = new Map(member.map((record) => [record.idRecipient, record]));
  const views: RecipientView[] = core.map((recipient) => {
    const record = records.get(recipient.idRecipient);
    return {
      key: `B3-${recipient.idRecipient}`,
      id: recipient.idRecipient,
      ref: paymentRefText({ source: "B3", id: recipient.idRecipient }),
      source: "B3",
      name: recipient.fullName,
      alias: record?.alias?.trim() || recipient.alias?.trim() || "",
      last4: last4(recipient.account),
      currency: currencyShown(recipient.idCurrency),
      bankName: recipient.bankName,
      status: coreStatus(recipient.status.id),
      national: recipient.typeOriginPerson === "NACIONAL",
      typePerson: recipient.typePerson,
      favorite: record?.favorite ?? false,
      canFavorite: true,
      // §4: money goes only to a recipient the bank authorized; the calculator offers no other.
      canSend: isPayable({ source: "B3", statusId: recipient.status.id }),
    };
  });
  for (const recipient of backoffice) {
    const status = rowStatus({ source: "BO", status: recipient.status });
    if (status === null) continue;
    const physical = recipient.recipientType.startsWith("pf");
    views.push({
      key: `BO-${recipient.id}`,
      id: recipient.id,
      ref: paymentRefText({ source: "BO", id: recipient.id }),
      source: "BO",
      name: backofficeName(recipient),
      alias: recipient.alias?.trim() ?? "",
      last4: last4(recipient.accountClabe),
      currency: currencyShown(recipient.currency),
      bankName: recipient.bank ?? "",
      status,
      national: recipient.recipientType.endsWith("n"),
      typePerson: physical ? "FISICA" : "MORAL",
      favorite: false,
      canFavorite: false,
      canSend: true,
    });
  }
  return views.sort((a, b) => Number(b.favorite) - Number(a.favorite) || a.name.localeCompare(b.name, "es-MX"));
}

/** Lower case without accents, so 'jose' finds 'José' as a person expects. */
export function searchable(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase("es-MX")
    .trim();
}

export type OriginFilter = "todos" | "nacionales" | "internacionales";

export function parseOriginFilter(value: string | null): OriginFilter {
  return value === "nacionales" || value === "internacionales" ? value : "todos";
}

/**
 * §5: the search is case-insensitive over full name, alias and account. The account is the full
 * number, which only the server has; `accounts` maps a view's key to it.
 */
export function filterRecipients(
  views: readonly RecipientView[],
  accounts: ReadonlyMap<string, string>,
  options: { query?: string | null; origin?: OriginFilter },
): RecipientView[] {
  const query = searchable(options.query ?? "");
  const digits = query.replace(/\s/g, "");
  return views.filter((view) => {
    if (options.origin === "nacionales" && !view.national) return false;
    if (options.origin === "internacionales" && view.national) return false;
    if (!query) return true;
    const account = accounts.get(view.key) ?? "";
    return searchable(view.name).includes(query) || searchable(view.alias).includes(query) || (digits !== "" && account.includes(digits));
  });
}

/** §6: receiver upload is open to everyone while the flag is on, otherwise to a short list of named users. */
export function canUploadRecipients(options: { enabled: boolean; allowedUsers: readonly string[]; userName: string }): boolean {
  if (options.enabled) return true;
  const user = options.userName.trim().toLowerCase();
  return options.allowedUsers.some((allowed) => allowed.trim().toLowerCase() === user);
}

/**
 * What a recipient's row offers for sending (decision 053's one primary action): nothing for a
 * member without third-party sending (§6), 'Enviar dinero' for an authorized recipient, the reason
 * it is not yet possible otherwise, and for an international recipient of a Basic member the Pro
 * note of decision 066 (the calculator would not offer it).
 */
export type SendState = "none" | "send" | "later" | "proOnly";

export function sendState(
  view: Pick<RecipientView, "canSend" | "national">,
  options: { sendAllowed: boolean; internationalAllowed: boolean },
): SendState {
  if (!options.sendAllowed) return "none";
  if (!view.canSend) return "later";
  return view.national || options.internationalAllowed ? "send" : "proOnly";
}
