import { Link } from "@remix-run/react";

import type { DepositData } from "#core/domain/deposit-data";
import { CopyButton } from "~/components/ui/CopyButton";
import { useTranslation } from "~/i18n";

/**
 * An account's deposit data revealed on request (`?ver=clabe`, decision 123): each datum as
 * selectable text, so it can be copied without JavaScript, and with a 'Copiar' button once it runs.
 */
export function DepositDataCard({ data, hideHref }: { data: DepositData; hideHref: string }) {
  const { t } = useTranslation("accounts");
  const rows: Array<{ key: keyof DepositData; mono?: boolean }> = [
    { key: "clabe", mono: true },
    { key: "bank" },
    { key: "currency" },
    { key: "holder" },
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
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("deposit.hint")}</p>
        </div>
        <Link
          to={hideHref}
          preventScrollReset
          className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
        >
          {t("deposit.hide")}
        </Link>
      </div>
      <dl className="grid gap-3 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-6">
        {rows.map(({ key, mono }) => (
          <div key={key} className="contents">
            <dt className="text-sm text-slate-600 dark:text-slate-300">{t(`deposit.${key}`)}</dt>
            <dd className="-mt-2 flex flex-wrap items-center gap-x-2 sm:mt-0">
              <span
                className={`select-all font-semibold [overflow-wrap:anywhere] ${mono ? "font-mono text-lg tracking-wide tabular-nums" : ""}`}
              >
                {data[key] || "—"}
              </span>
              {data[key] ? <CopyButton value={data[key]} label={t(`deposit.${key}`)} /> : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
