import type { AccountView } from "./accounts";
import { searchable } from "./recipients";

/**
 * 'Mis cuentas' (SPEC §2 /cuentas, §3 Account types, §5 account search, §9 search limit 10):
 * the three groupings and the search over the accounts the dashboard already builds.
 */
export const ACCOUNT_GROUPS = ["todas", "favoritas", "recientes"] as const;
export type AccountGroup = (typeof ACCOUNT_GROUPS)[number];

/** §5/§9: an account search shows at most 10 results. */
export const ACCOUNT_SEARCH_LIMIT = 10;

export function parseAccountGroup(value: string | null): AccountGroup {
  return ACCOUNT_GROUPS.includes(value as AccountGroup) ? (value as AccountGroup) : "todas";
}

/** The accounts used most recently first: the newest use of each across operation types. */
export function recentAccountIds(uses: ReadonlyArray<{ idAccount: string; lastUsedAt: string }>): string[] {
  const latest = new Map<string, string>();
  for (const use of uses) {
    const seen = latest.get(use.idAccount);
    if (!seen || use.lastUsedAt > seen) latest.set(use.idAccount, use.lastUsedAt);
  }
  return [...latest].sort((a, b) => b[1].localeCompare(a[1])).map(([idAccount]) => idAccount);
}

export function groupAccounts(views: readonly AccountView[], group: AccountGroup, recentIds: readonly string[]): AccountView[] {
  if (group === "favoritas") return views.filter((view) => view.favorite);
  if (group === "recientes") {
    const byId = new Map(views.map((view) => [view.idAccount, view]));
    return recentIds.flatMap((id) => byId.get(id) ?? []);
  }
  return [...views];
}

/** Alias, currency (MXP found as MXN too) or the last digits; at most 10 results. */
export function searchAccounts(
  views: readonly AccountView[],
  query: string | null | undefined,
  limit = ACCOUNT_SEARCH_LIMIT,
): { results: AccountView[]; total: number } {
  const wanted = searchable(query ?? "");
  if (!wanted) return { results: [...views], total: views.length };
  const matches = views.filter((view) => {
    const currency = view.currency.toUpperCase();
    const shown = currency === "MXP" ? "mxn" : currency.toLowerCase();
    return (
      searchable(view.alias).includes(wanted) ||
      shown.includes(wanted) ||
      currency.toLowerCase().includes(wanted) ||
      view.last4.includes(wanted)
    );
  });
  return { results: matches.slice(0, limit), total: matches.length };
}
