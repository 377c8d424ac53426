import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";

import accounts from "./locales/es-MX/accounts.json";
import auth from "./locales/es-MX/auth.json";
import calculator from "./locales/es-MX/calculator.json";
import common from "./locales/es-MX/common.json";
import dashboard from "./locales/es-MX/dashboard.json";
import duePayments from "./locales/es-MX/due-payments.json";
import history from "./locales/es-MX/history.json";
import legal from "./locales/es-MX/legal.json";
import notifications from "./locales/es-MX/notifications.json";
import overlays from "./locales/es-MX/overlays.json";
import portfolio from "./locales/es-MX/portfolio.json";
import recipients from "./locales/es-MX/recipients.json";
import session from "./locales/es-MX/session.json";
import settings from "./locales/es-MX/settings.json";
import tour from "./locales/es-MX/tour.json";
import tradeErrors from "./locales/es-MX/trade-errors.json";
import transaction from "./locales/es-MX/transaction.json";
import type { TranslateOptions } from "./translate";
import { LOCALE, LOOKUPS_PER_NAMESPACE, translator } from "./translate";

const resources = {
  common,
  session,
  overlays,
  auth,
  dashboard,
  calculator,
  tour,
  duePayments,
  tradeErrors,
  settings,
  legal,
  notifications,
  transaction,
  history,
  accounts,
  recipients,
  portfolio,
};
type Namespace = keyof typeof resources;

/** i18next 23 as the app ran it before decision 039: the reference the translator must match. */
async function reference() {
  const i18n = createInstance();
  await i18n.init({
    lng: LOCALE,
    supportedLngs: [LOCALE],
    fallbackLng: LOCALE,
    defaultNS: "common",
    ns: Object.keys(resources),
    resources: { [LOCALE]: resources },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

/** Every key with a text, and every node that holds more (read with returnObjects), of a namespace. */
function keysOf(tree: unknown, prefix = ""): { texts: string[]; nodes: string[] } {
  const texts: string[] = [];
  const nodes: string[] = [];
  for (const [name, value] of Object.entries(tree as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (value !== null && typeof value === "object") {
      nodes.push(key);
      const inner = keysOf(value, key);
      texts.push(...inner.texts);
      nodes.push(...inner.nodes);
    } else {
      texts.push(key);
      // A plural form is also read by its base key with a count.
      const base = key.replace(/_(zero|one|two|few|many|other)$/, "");
      if (base !== key) texts.push(base);
    }
  }
  return { texts: [...new Set(texts)], nodes };
}

const placeholders = (tree: unknown) => [...JSON.stringify(tree).matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1]);

describe("translator", () => {
  it("reads every key of every namespace as i18next did: plain, filled, and with every plural form", async () => {
    const i18n = await reference();
    let compared = 0;
    for (const namespace of Object.keys(resources) as Namespace[]) {
      const values = Object.fromEntries(placeholders(resources[namespace]).map((name) => [name, `‹${name}›`]));
      const variants: TranslateOptions[] = [
        {},
        values,
        ...[0, 1, 2, 21, 1_000_000].map((count) => ({ ...values, count })),
        { defaultValue: "Otro texto" },
      ];
      const ours = translator(resources, namespace);
      const theirs = i18n.getFixedT(LOCALE, namespace);
      const { texts, nodes } = keysOf(resources[namespace]);
      for (const key of [...texts, ...nodes, "no.existe"]) {
        for (const options of variants) {
          expect(ours(key, options), `${namespace}:${key} ${JSON.stringify(options)}`).toEqual(theirs(key, options));
          compared += 1;
        }
      }
      for (const key of nodes) {
        expect(ours(key, { returnObjects: true }), `${namespace}:${key} returnObjects`).toEqual(theirs(key, { returnObjects: true }));
      }
    }
    expect(compared).toBeGreaterThan(5_000);
  });

  it("takes a namespace from the key, and otherwise the first it was given", async () => {
    const i18n = await reference();
    const ours = translator(resources, ["history", "common"]);
    const theirs = i18n.getFixedT(LOCALE, "history");
    for (const key of ["common:product.name", "accounts:meta", "product.name", "shell.title.operations", "dashboard:no.existe"]) {
      expect(ours(key)).toBe(theirs(key));
    }
    expect(translator(resources)("product.name")).toBe("FXN");
    expect(ours("common:product.name")).toBe("FXN");
  });

  it("gives the default value, filled, or the key itself when a page lacks the namespace", () => {
    const t = translator({ common }, "notifications");
    expect(t("categories.Pagos", { defaultValue: "Pagos" })).toBe("Pagos");
    expect(t("missing.{{x}}", { defaultValue: "Hola {{name}}", name: "Ana" })).toBe("Hola Ana");
    expect(t("title")).toBe("title");
    expect(t("dashboard:calculator.title")).toBe("calculator.title");
  });

  it("answers a key read again as the first time, each namespace's tree its own, also past the lookups it keeps", () => {
    const first = { greeting: "Hola {{name}}", nested: { text: "uno" } };
    const second = { greeting: "Adiós {{name}}", nested: { text: "dos" } };
    const t1 = translator({ common: first });
    const t2 = translator({ common: second });
    for (let round = 0; round < 3; round += 1) {
      expect(t1("greeting", { name: "Ana" })).toBe("Hola Ana");
      expect(t2("greeting", { name: "Ana" })).toBe("Adiós Ana");
      expect(t1("nested.text")).toBe("uno");
      expect(t2("nested.text")).toBe("dos");
      expect(t1("nested.missing")).toBe("nested.missing");
      expect(t1("nested.missing", { defaultValue: "otro" })).toBe("otro");
    }
    const many = Object.fromEntries(Array.from({ length: LOOKUPS_PER_NAMESPACE + 50 }, (_, i) => [`k${i}`, `texto ${i}`]));
    const t = translator({ common: many });
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < LOOKUPS_PER_NAMESPACE + 50; i += 1) expect(t(`k${i}`)).toBe(`texto ${i}`);
    }
    expect(t("sin.texto", { count: 2, defaultValue: "ninguno" })).toBe("ninguno");
  });
});
