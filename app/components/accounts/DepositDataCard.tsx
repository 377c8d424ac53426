import { Link } from "@remix-run/react";

import type { DepositData } from "#core/domain/deposit-data";
import { GroupedNumber } from "~/components/accounts/GroupedNumber";
import { CopyButton } from "~/components/ui/CopyButton";
import { useTranslation } from "~/i18n";

/**
 * An account's deposit data revealed on request (`?ver=clabe`, decision 123): each datum as
 * selectable text, so it can be copied without JavaScript, and with a 'Copiar' button once it runs.
 * The hint names the rail that pays into the CLABE in the account's currency (SPEI for pesos, SPID
 * for dollars, none where we cannot say); the CLABE reads in groups and copies raw; the currency
 * has no 'Copiar', nobody pastes it.
 */
export function DepositDataCard({ data, hideHref }: { data: DepositData; hideHref: string }) {
  const { t } = useTranslation("accounts");
  const rows: Array<{ key: "clabe" | "bank" | "currency" | "holder"; copy: boolean }> = [
    { key: "clabe", copy: true },
    { key: "bank", copy: true },
    { key: "currency", copy: false },
    { key: "holder", copy: true },
  ];
  return (
    <section
      id="datos-deposito"
      aria-labelledby="datos-deposito-titulo"
      className="flex flex-col gap-4 rounded-xl border border-brand-200 bg-white p-5 dark:border-brand-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="datos-deposito-titulo" className="font-semibold">
            {t("deposit.title")}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t(`deposit.hint.${data.rail ?? "none"}`)}</p>
        </div>
        <Link
          to={hideHref}
          preventScrollReset
          className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          {t("deposit.hide")}
        </Link>
      </div>
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center sm:gap-y-2">
        {rows.map(({ key, copy }, index) => (
          <div key={key} className="contents">
            <dt className={`text-sm text-slate-600 sm:mt-0 dark:text-slate-300 ${index > 0 ? "mt-2" : ""}`}>{t(`deposit.${key}`)}</dt>
            <dd className="flex flex-wrap items-center gap-x-2">
              {key === "clabe" && data.clabe ? (
                <GroupedNumber value={data.clabe} className="text-lg font-semibold" />
              ) : (
                <span className="select-all font-semibold [overflow-wrap:anywhere]">{data[key] || "—"}</span>
              )}
              {copy && data[key] ? <CopyButton value={data[key]} label={t(`deposit.${key}`)} compact /> : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
