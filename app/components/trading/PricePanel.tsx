import { Link } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";

import { clientRate } from "#core/domain/calculator-preview";
import { mexicoCityClock } from "#core/domain/clock";
import { formatMoney, formatRate } from "#core/money";
import type { PriceEvent, PriceStatusEvent, WireProviderQuote } from "#core/prices/wire";
import { useTranslation } from "~/i18n";
import type { Snapshot } from "~/utils/island";
import { useSnapshot } from "~/utils/island";

import type { LiveFigures } from "./use-live-price";
import type { MemberMargin } from "./use-member-margin";

export type PricePanelProps = {
  pairs: string[];
  pair: string | null;
  price: PriceEvent | null;
  status: PriceStatusEvent | null;
  /** Link to the dashboard with another pair selected. */
  pairHref: (pair: string) => string;
  /** The price shown before this one (up / down marks). */
  previous?: PriceEvent | null;
  paused?: boolean;
  onPause?: (paused: boolean) => void;
  /** The side the calculator is on: the client's rate of that side leads. */
  side: "buy" | "sell";
  /** The member's margin (percent, §9) for the amount being typed, or §9's reference amount. */
  margin: MemberMargin;
  /** This page again: without JS, 'Actualizar' brings the prices of now. */
  refreshHref: string;
};

/** Providers side by side in a stable order (by name), so a row stays put as prices move. */
function stableOrder(top: WireProviderQuote[]): WireProviderQuote[] {
  return [...top].sort((a, b) => a.lpId.localeCompare(b.lpId));
}

const moveOf = (now: number | null | undefined, before: number | null | undefined) =>
  now === null || now === undefined || before === null || before === undefined || now === before ? null : now > before ? "up" : "down";

/** ▲ / ▼ against the price shown before, read out as 'sube' / 'baja'. */
function MoveMark({ move, label }: { move: "up" | "down" | null; label: (move: "up" | "down") => string }) {
  if (!move) return null;
  return (
    <span className={`text-base ${move === "up" ? "text-success dark:text-green-400" : "text-failed dark:text-red-400"}`}>
      <span aria-hidden="true">{move === "up" ? "▲" : "▼"}</span>
      <span className="sr-only">{label(move)}</span>
    </span>
  );
}

function BestBadge({ label }: { label: string }) {
  return (
    <span className="whitespace-nowrap rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-900/60 dark:text-green-200">
      {label}
    </span>
  );
}

/**
 * The price panel as the dashboard's island (decision 082): its props stay the same objects while the page
 * is open, and the live figures come through a snapshot, so React keeps the server's HTML until this code
 * has arrived.
 */
export function LivePricePanel({ live, ...props }: Omit<PricePanelProps, keyof LiveFigures> & { live: Snapshot<LiveFigures> }) {
  const figures = useSnapshot(live);
  return <PricePanel {...props} {...figures} />;
}

/** 'Precios en tiempo real' (§2): the selected pair's best prices and the top 4 providers. */
export function PricePanel(props: PricePanelProps) {
  const { pairs, pair, price, status, pairHref, previous, paused = false, onPause, side, margin, refreshHref } = props;
  const { t } = useTranslation(["prices", "common"]);
  const hydrated = useHydrated();
  const message = status?.messageKey ? t(status.messageKey) : null;
  const at = price ? mexicoCityClock(price.ts) : null;
  const yours = price ? clientRate(price[side].price, margin.margin, side) : null;
  const base = pair?.split("/")[0] ?? "";
  const forAmount = formatMoney(Number(margin.amount), base);
  return (
    <section
      aria-labelledby="precios"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="precios" className="text-xl font-semibold">
        {t("title")}
      </h2>
      {pairs.length > 0 ? (
        <nav aria-label={t("pairs")}>
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
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-pending dark:bg-amber-950/40">
          {message}
        </p>
      ) : null}
      {pair && price && at ? (
        // With JS: live or paused, the tick's time and the way to pause; without: as of a time, 'Actualizar'. As tall
        // either way (the pause button's height), so what is below does not move as the panel hydrates (decision 090).
        <div className="flex min-h-9 flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-300">
          {hydrated ? (
            <>
              <p className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className={`h-2 w-2 rounded-full ${paused ? "bg-slate-400" : message ? "bg-pending" : "bg-success"}`}
                />
                {t(paused ? "pausedAt" : "liveAt", { time: at })}
              </p>
              <button
                type="button"
                aria-pressed={paused}
                onClick={() => onPause?.(!paused)}
                className="inline-flex min-h-9 items-center rounded-full px-3 font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-100 dark:ring-brand-800 dark:hover:bg-slate-800"
              >
                {t(paused ? "resume" : "pause")}
              </button>
            </>
          ) : (
            <>
              <p>{t("asOf", { time: at })}</p>
              <Link to={refreshHref} reloadDocument className="font-semibold text-brand-700 underline dark:text-brand-300">
                {t("refresh")}
              </Link>
            </>
          )}
        </div>
      ) : null}
      {pair && price && yours !== null ? (
        // The client's rate leads: what the quote will apply to the amount being typed.
        <dl aria-live="off" className="rounded-lg bg-brand-50 p-4 dark:bg-brand-900/40">
          <dt className="text-sm font-medium text-slate-700 dark:text-slate-200">
            {t("yours", { product: t("common:product.name") })} · {t(`${side}`, { pair })}
          </dt>
          <dd className="flex items-baseline gap-2 text-3xl font-bold tabular-nums text-slate-900 dark:text-white">
            {formatRate(Number(yours))}
            <MoveMark move={moveOf(price[side].price, previous?.[side].price)} label={(move) => t(`${move}`)} />
          </dd>
          {/* Two lines held either way: the hint's words change as the panel hydrates, and what is below must not move. */}
          <dd className="mt-1 min-h-10 text-sm text-slate-600 dark:text-slate-300">
            {margin.reference
              ? `${t("forReference", { amount: forAmount, margin: margin.margin })} ${t(hydrated ? "typeHint" : "quoteHint")}`
              : t("forAmount", { amount: forAmount, margin: margin.margin })}
          </dd>
        </dl>
      ) : null}
      {pair && price ? (
        // The best price of each side and whose it is stay in view beside the calculator (decisions 094, 122); the
        // providers' lists fold under 'Ver proveedores', a native disclosure that opens without JavaScript.
        <div aria-live="off" className="flex flex-col gap-2">
          <dl className="flex flex-col divide-y divide-slate-200 rounded-lg bg-slate-50 px-4 dark:divide-slate-800 dark:bg-slate-950">
            {(["buy", "sell"] as const).map((side) => {
              const best = price[side].price;
              const bestId = price[side].top[0]?.lpId;
              return (
                // Price on one line, provider on the next, whatever the width: the move mark that comes with the
                // first live tick must not wrap the row and push what is below (decision 090).
                <div key={side} className="flex items-start justify-between gap-x-3 py-2">
                  <dt className="pt-1 text-sm text-slate-600 dark:text-slate-400">{t("bestOf", { side: t(`${side}`, { pair }) })}</dt>
                  <dd className="flex flex-col items-end">
                    <span className="flex items-baseline gap-x-2 whitespace-nowrap">
                      <span className="text-lg font-semibold tabular-nums">{best === null ? "—" : formatRate(best)}</span>
                      <MoveMark move={moveOf(best, previous?.[side].price)} label={(move) => t(`${move}`)} />
                    </span>
                    <span className="min-h-5 text-sm text-slate-700 dark:text-slate-200">
                      {bestId ? (
                        <>
                          {bestId} <BestBadge label={t("best")} />
                        </>
                      ) : null}
                    </span>
                  </dd>
                </div>
              );
            })}
          </dl>
          <details className="group">
            <summary className="inline-flex min-h-9 cursor-pointer items-center text-sm font-semibold text-brand-700 underline dark:text-brand-300">
              {t("showProviders")}
            </summary>
            <div className="mt-1 grid gap-4 sm:grid-cols-2">
              {(["buy", "sell"] as const).map((side) => {
                const bestId = price[side].top[0]?.lpId;
                return (
                  <table key={side} className="w-full text-sm">
                    <caption className="pb-1 text-left text-slate-600 dark:text-slate-400">
                      {t("providers", { side: t(`sideName.${side}`) })}
                    </caption>
                    <thead>
                      <tr className="text-left text-slate-500 dark:text-slate-400">
                        <th scope="col" className="font-medium">
                          {t("provider")}
                        </th>
                        <th scope="col" className="text-right font-medium">
                          {t("price")}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {stableOrder(price[side].top).map((provider) => (
                        <tr key={provider.lpId}>
                          <td>
                            {provider.lpId}
                            {provider.lpId === bestId ? (
                              <>
                                {" "}
                                <BestBadge label={t("best")} />
                              </>
                            ) : null}
                          </td>
                          <td className="text-right tabular-nums">{formatRate(provider.price)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                );
              })}
            </div>
          </details>
        </div>
      ) : pair ? (
        <p className="text-slate-600 dark:text-slate-400">{t("waiting")}</p>
      ) : (
        <p className="text-slate-600 dark:text-slate-400">{t("noPairs")}</p>
      )}
    </section>
  );
}
