/**
 * The es-MX texts looked up by key, for the server and the browser alike (decision 039). One
 * language with its resources at hand needs little of an i18n library, so this reads them the way
 * i18next 23 did with our settings, and `translate.test.ts` holds it to that for every key:
 * "namespace:key.path" or a key of the default namespace, `{{name}}` filled from the options (a
 * name not given stays as written), plural forms chosen by `count` (`key_zero`, then `key_one` /
 * `key_other` / `key_many`, then `key`), `defaultValue`, `returnObjects`, and the key itself when
 * nothing is found.
 */
export const LOCALE = "es-MX";
export const DEFAULT_NAMESPACE = "common";

/** A namespace's texts: nested objects of strings (and arrays, for the legal documents). */
export type ResourceTree = { readonly [key: string]: unknown };
/** Namespaces by name: every namespace on the server, a page's own in the browser. */
export type Resources = { readonly [namespace: string]: ResourceTree };

export type TranslateOptions = {
  count?: number;
  defaultValue?: string;
  returnObjects?: boolean;
  [name: string]: unknown;
};
export type Translate = (key: string, options?: TranslateOptions) => string;

const plurals = new Intl.PluralRules(LOCALE);
const PLACEHOLDER = /\{\{(.+?)\}\}/g;
/** i18next reads a key with one of these before its first "." as a sentence, never as "namespace:key". */
const SENTENCE = /[ ,?!;]/;

function pathIn(node: unknown, path: string): unknown {
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * What a key path reads in a namespace's tree, kept per tree: every text of every page is looked up
 * again on each render, and the trees are the bundled resources, never changed (decision 074). Bounded
 * per tree, since a key may be built from data (`type.${kind}`): past the bound, lookups walk the tree.
 */
const lookups = new WeakMap<ResourceTree, Map<string, unknown>>();
export const LOOKUPS_PER_NAMESPACE = 4096;

function lookup(tree: ResourceTree | undefined, path: string): unknown {
  if (tree === undefined) return undefined;
  let known = lookups.get(tree);
  if (known === undefined) {
    known = new Map();
    lookups.set(tree, known);
  }
  const cached = known.get(path);
  if (cached !== undefined || known.has(path)) return cached;
  const value = pathIn(tree, path);
  if (known.size < LOOKUPS_PER_NAMESPACE) known.set(path, value);
  return value;
}

function fill(text: string, options: TranslateOptions): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (placeholder, inner: string) => {
    const name = inner.trim();
    const value = pathIn(options, name);
    // A value not given at all leaves the placeholder; one given as undefined or null leaves nothing.
    if (value === undefined) return Object.hasOwn(options, name) ? "" : placeholder;
    return value === null ? "" : String(value);
  });
}

function isSentence(key: string): boolean {
  if (!SENTENCE.test(key)) return false;
  const dot = key.indexOf(".");
  return !(dot > 0 && !SENTENCE.test(key.slice(0, dot)));
}

/** The keys to try, first to last: the plural forms `count` asks for, then the key itself. */
function candidates(key: string, count: number): string[] {
  return [...(count === 0 ? [`${key}_zero`] : []), `${key}_${plurals.select(count)}`, key];
}

const found = (value: unknown) => value !== undefined && value !== null;

/**
 * A `t` reading `resources`: keys without a "namespace:" prefix read the first of `namespaces`
 * (the default namespace when none is given).
 */
export function translator(resources: Resources, namespaces: string | readonly string[] = DEFAULT_NAMESPACE): Translate {
  const ownNamespace = (typeof namespaces === "string" ? namespaces : namespaces[0]) ?? DEFAULT_NAMESPACE;

  function translate(namespace: string, key: string, options: TranslateOptions): unknown {
    const tree = resources[namespace];
    let value: unknown;
    if (typeof options.count !== "number") value = lookup(tree, key);
    else
      for (const candidate of candidates(key, options.count)) {
        value = lookup(tree, candidate);
        if (found(value)) break;
      }
    if (typeof value === "string") return fill(value, options);
    if (found(value) && typeof value === "object") {
      if (!options.returnObjects) return `key '${key} (${LOCALE})' returned an object instead of string.`;
      const copy: Record<string, unknown> = Array.isArray(value) ? ([] as unknown as Record<string, unknown>) : {};
      for (const [name, raw] of Object.entries(value)) {
        const deepKey = `${key}.${name}`;
        const translated = translate(namespace, deepKey, options);
        copy[name] = translated === deepKey ? raw : translated;
      }
      return copy;
    }
    if (found(value)) return value;
    return options.defaultValue !== undefined ? fill(options.defaultValue, options) : key;
  }

  return (fullKey, options = {}) => {
    const separator = fullKey.indexOf(":");
    const prefixed = separator >= 0 && !isSentence(fullKey);
    const namespace = prefixed ? fullKey.slice(0, separator) : ownNamespace;
    return translate(namespace, prefixed ? fullKey.slice(separator + 1) : fullKey, options) as string;
  };
}
