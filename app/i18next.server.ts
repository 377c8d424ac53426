import { RemixI18Next } from "remix-i18next/server";

import type { namespaces } from "~/i18n";
import { i18nConfig, LOCALE } from "~/i18n";

export const i18next = new RemixI18Next({
  detection: { supportedLanguages: [LOCALE], fallbackLanguage: LOCALE },
  i18next: { ...i18nConfig },
});

/** A translator for server code (toasts in flash messages, page titles). */
export function serverT(namespace: (typeof namespaces)[number] = "common") {
  return i18next.getFixedT(LOCALE, namespace);
}
