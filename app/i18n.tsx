import { useMatches } from "@remix-run/react";
import type { ComponentType, ReactElement, ReactNode } from "react";
import { cloneElement, createContext, useContext, useMemo } from "react";

import type { Resources, Translate } from "#core/translate";
import { LOCALE, translator } from "#core/translate";

export { LOCALE };
export type { Translate };

/**
 * Each route names the es-MX namespaces its screens read (decision 039): `handle.namespaces`
 * holds the resources themselves, so they travel in the route's own chunk, and a page reads the
 * namespaces of the routes it matches — the root's (the shell) and its own. The server renders
 * from the same handles, so a namespace a route forgot is missing there too, not only in the
 * browser.
 */
export type NamespacesHandle = { namespaces?: Resources };

/** Namespaces a component brought with it (`withNamespaces`), for what it renders. */
const BroughtNamespaces = createContext<Resources>({});

function useRouteResources(): Resources {
  const matches = useMatches();
  const brought = useContext(BroughtNamespaces);
  return useMemo(
    () =>
      Object.assign({}, ...matches.map((match) => (match.handle as NamespacesHandle | undefined)?.namespaces ?? {}), brought) as Resources,
    [matches, brought],
  );
}

/**
 * A component that brings its own namespaces (decision 069): an on-demand drawer whose texts no page
 * shows until it opens (settings, the notification centre) loads them with its chunk, not with the
 * shell. The server renders it the same way, so a text it forgot is missing there too.
 */
export function withNamespaces<P extends object>(namespaces: Resources, Component: ComponentType<P>): ComponentType<P> {
  function WithNamespaces(props: P) {
    const outer = useContext(BroughtNamespaces);
    const value = useMemo(() => ({ ...outer, ...namespaces }), [outer]);
    return (
      <BroughtNamespaces.Provider value={value}>
        <Component {...props} />
      </BroughtNamespaces.Provider>
    );
  }
  return WithNamespaces;
}

/** `t` for the page's namespaces: keys without a "namespace:" prefix read the first one named. */
export function useTranslation(namespaces?: string | readonly string[]): { t: Translate } {
  const resources = useRouteResources();
  const names = typeof namespaces === "string" ? namespaces : namespaces?.join(",");
  const t = useMemo(() => translator(resources, names?.split(",")), [resources, names]);
  return { t };
}

const TAG = /<(\d+)>(.*?)<\/\1>/g;

/** A text with numbered tags, "Acepto los <0>Términos</0>", each tag's words inside components[n]. */
export function Trans({ t, i18nKey, components }: { t: Translate; i18nKey: string; components: ReactElement[] }) {
  const text = t(i18nKey);
  const nodes: ReactNode[] = [];
  let end = 0;
  for (const match of text.matchAll(TAG)) {
    nodes.push(text.slice(end, match.index));
    const component = components[Number(match[1])];
    nodes.push(component ? cloneElement(component, { key: match.index }, match[2]) : match[2]);
    end = match.index + match[0].length;
  }
  nodes.push(text.slice(end));
  return <>{nodes}</>;
}
