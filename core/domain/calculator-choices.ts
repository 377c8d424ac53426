import { displayCurrency } from "../money";
import type { AccountView } from "./accounts";
import type { CalculatorPrefill, Tab } from "./calculator-prefill";
import { recipientDestination } from "./calculator-prefill";

/**
 * What the calculator's selects offer (decision 122). One rule for the server, which preselects, and
 * the form, which lists: a buy pays from the quote currency's accounts into the base currency's, a sell
 * the other way round, and a transfer offers every account.
 */
export function accountChoices(tab: Tab, pair: string | null, accounts: readonly AccountView[]) {
  const [base = "", quote = ""] = pair ? pair.split("/") : [];
  const inCurrency = (currency: string) => (account: AccountView) => tab === "transfer" || displayCurrency(account.currency) === currency;
  return {
    origins: accounts.filter(inCurrency(tab === "buy" ? quote : base)),
    destinations: accounts.filter(inCurrency(tab === "buy" ? base : quote)),
  };
}

/** The one value a select can take, or null when it offers none or several. */
export function onlyChoice(values: readonly string[]): string | null {
  return values.length === 1 ? (values[0] ?? null) : null;
}

/** Whether a select's one possible value is already its value: then a placeholder would only undo it. */
export function isOnlyChoiceChosen(values: readonly string[], chosen: unknown): boolean {
  const only = onlyChoice(values);
  return only !== null && chosen === only;
}

export interface CalculatorOptions {
  accounts: readonly AccountView[];
  /** The recipients the member may pay (a transfer's destinations besides own accounts). */
  recipients: ReadonlyArray<{ id: string; currency: string }>;
  reasonIds: readonly string[];
}

/**
 * A select with exactly one possible choice comes with it chosen, not 'Selecciona una opción': the
 * treasurer has nothing to decide there. The server applies it to the prefill, so it holds without
 * JavaScript. What a link or a payment already filled in is kept (the form's checks judge it), and a
 * select with several choices stays for the person to choose.
 */
export function withOnlyChoices(prefill: CalculatorPrefill, tab: Tab, pair: string | null, options: CalculatorOptions): CalculatorPrefill {
  const { origins, destinations } = accountChoices(tab, pair, options.accounts);
  const origin = prefill.origin || onlyChoice(origins.map((account) => account.idAccount));
  const destination = prefill.destination || onlyChoice(destinationValues(tab, origin, destinations, options.recipients));
  const reason = prefill.reason || onlyChoice(options.reasonIds);
  return {
    ...prefill,
    ...(origin ? { origin } : {}),
    ...(destination ? { destination } : {}),
    ...(reason ? { reason } : {}),
  };
}

/**
 * The destinations a form could send: a transfer's go to an own account or a recipient in the origin's currency,
 * never to the origin itself (the submit refuses both); before an origin is chosen, any of them.
 */
function destinationValues(
  tab: Tab,
  origin: string | null | undefined,
  accounts: readonly AccountView[],
  recipients: CalculatorOptions["recipients"],
): string[] {
  if (tab !== "transfer") return accounts.map((account) => account.idAccount);
  const from = accounts.find((account) => account.idAccount === origin);
  const fits = (currency: string) => !from || displayCurrency(currency) === displayCurrency(from.currency);
  return [
    ...accounts.filter((account) => account.idAccount !== origin && fits(account.currency)).map((account) => account.idAccount),
    ...recipients.filter((recipient) => fits(recipient.currency)).map((recipient) => recipientDestination(recipient.id)),
  ];
}
