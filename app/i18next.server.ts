import type { i18n, TFunction } from "i18next";
import { createInstance } from "i18next";
import { initReactI18next } from "react-i18next";

import { singleton } from "#server/lifecycle.server";
import type { namespaces } from "~/i18n";
import { i18nConfig, LOCALE } from "~/i18n";

/**
 * The server's translator, one per process: one language whose resources ship with the build, so
 * nothing in it changes from one request to the next. Creating and initialising an instance per
 * request (or per `serverT` call) cost a page several milliseconds of CPU.
 */
export function serverI18n(): Promise<i18n> {
  return singleton("serverI18n", async () => {
    const instance = createInstance();
    await instance.use(initReactI18next).init({ ...i18nConfig, lng: LOCALE });
    rememberLanguageHierarchy(instance);
    return instance;
  });
}

/**
 * Every `t()` asks which languages to look in, and i18next works it out anew each time through
 * `Intl.getCanonicalLocales` — a tenth of a page's CPU for an answer that never changes here. The
 * answer is kept per language (the arrays are only read).
 */
function rememberLanguageHierarchy(instance: i18n) {
  const utils = instance.services.languageUtils as {
    toResolveHierarchy(code: string, fallbackCode?: unknown): readonly string[];
  };
  const compute = utils.toResolveHierarchy.bind(utils);
  const known = new Map<string, readonly string[]>();
  utils.toResolveHierarchy = (code, fallbackCode) => {
    if (fallbackCode !== undefined || typeof code !== "string") return compute(code, fallbackCode);
    let hierarchy = known.get(code);
    if (!hierarchy) {
      hierarchy = compute(code);
      if (known.size < 16) known.set(code, hierarchy);
    }
    return hierarchy;
  };
}

/** A translator for server code (toasts in flash messages, page titles). */
export async function serverT(namespace: (typeof namespaces)[number] = "common"): Promise<TFunction> {
  return (await serverI18n()).getFixedT(LOCALE, namespace);
}
