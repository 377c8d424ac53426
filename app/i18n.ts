import accounts from "#core/locales/es-MX/accounts.json";
import auth from "#core/locales/es-MX/auth.json";
import common from "#core/locales/es-MX/common.json";
import dashboard from "#core/locales/es-MX/dashboard.json";
import history from "#core/locales/es-MX/history.json";
import legal from "#core/locales/es-MX/legal.json";
import notifications from "#core/locales/es-MX/notifications.json";
import recipients from "#core/locales/es-MX/recipients.json";
import settings from "#core/locales/es-MX/settings.json";
import transaction from "#core/locales/es-MX/transaction.json";

/** One language (SPEC: Spanish, Mexico); resources ship with the bundle, so nothing loads lazily. */
export const LOCALE = "es-MX";

export const resources = {
  [LOCALE]: { common, auth, dashboard, settings, legal, notifications, transaction, history, accounts, recipients },
} as const;

export const namespaces = Object.keys(resources[LOCALE]) as Array<keyof (typeof resources)[typeof LOCALE]>;

export const i18nConfig = {
  supportedLngs: [LOCALE],
  fallbackLng: LOCALE,
  defaultNS: "common",
  ns: namespaces,
  resources,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;
