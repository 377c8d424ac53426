import { Link } from "@remix-run/react";

import { formatRate } from "#core/money";
import type { PriceEvent, PriceStatusEvent } from "#core/prices/wire";
import { useTranslation } from "~/i18n";

export type PricePanelProps = {
  pairs: string[];
  pair: string | null;
  price: PriceEvent | null;
  status: PriceStatusEvent | null;
  /** Link to the dashboard with another pair selected. */
  pairHref: (pair: string) => string;
};

/** 'Precios en tiempo real' (§2): the selected pair's best prices and the top 4 providers. */
export function PricePanel({ pairs, pair, price, status, pairHref }: PricePanelProps) {
  const { t } = useTranslation("dashboard");
  const message = status?.messageKey ? t(status.messageKey) : null;
  return (
    <section
      aria-labelledby="precios"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="precios" className="text-xl font-semibold">
        {t("prices.title")}
      </h2>
      {pairs.length > 0 ? (
        <nav aria-label={t("prices.pairs")}>
          <ul className="flex flex-wrap gap-2">
            {pairs.map((item) => (
              <li key={item}>
                <Link
                  to={pairHref(item)}
                  preventScrollReset
                  aria-current={item === pair ? "true" : undefined}
                  className={`inline-flex min-h-9 items-center rounded-full px-3 text-sm font-semibold ${item === pair ? "bg-brand-600 text-white" : "bg-brand-50 text-brand-700 hover:bg-brand-100 dark:bg-brand-900 dark:text-brand-100"}`}
                >
                  {item}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {message ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-pending dark:bg-amber-950">
          {message}
        </p>
      ) : null}
      {pair && price ? (
        <div aria-live="off" className="grid gap-4 sm:grid-cols-2">
          {(["buy", "sell"] as const).map((side) => (
            <div key={side} className="rounded-lg bg-slate-50 p-4 dark:bg-slate-950">
              <dl>
                <dt className="text-sm text-slate-600 dark:text-slate-400">{t(`prices.${side}`, { pair })}</dt>
                <dd className="text-2xl font-bold tabular-nums">{price[side].price === null ? "—" : formatRate(price[side].price)}</dd>
              </dl>
              <table className="mt-3 w-full text-sm">
                <caption className="sr-only">{t("prices.providers", { side: t(`prices.sideName.${side}`) })}</caption>
                <thead>
                  <tr className="text-left text-slate-500">
                    <th scope="col" className="font-medium">
                      {t("prices.provider")}
                    </th>
                    <th scope="col" className="text-right font-medium">
                      {t("prices.price")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {price[side].top.map((provider) => (
                    <tr key={provider.lpId}>
                      <td>{provider.lpId}</td>
                      <td className="text-right tabular-nums">{formatRate(provider.price)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        </div>
      ) : pair ? (
        <p className="text-slate-600 dark:text-slate-400">{t("prices.waiting")}</p>
      ) : (
        <p className="text-slate-600 dark:text-slate-400">{t("prices.noPairs")}</p>
      )}
    </section>
  );
}
