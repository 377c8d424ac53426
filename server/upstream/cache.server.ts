import { singleton } from "../lifecycle.server";

/**
 * A short-lived, per-process cache for catalogues that rarely change (§9: 5 min cache time):
 * pairs, payment reasons. Concurrent callers share one in-flight request; failures are not kept.
 */
interface Entry {
  expiresAt: number;
  value: Promise<unknown>;
}

export const CATALOGUE_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 500;

const store = () => singleton("upstream.cache", () => new Map<string, Entry>());

export function cached<T>(key: string, load: () => Promise<T>, ttlMs = CATALOGUE_TTL_MS, now = Date.now()): Promise<T> {
  const entries = store();
  const hit = entries.get(key);
  if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
  const value = load();
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(key, { expiresAt: now + ttlMs, value });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

/** Drops one entry, after a change that makes it wrong. */
export function forget(key: string): void {
  store().delete(key);
}
