import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { changeAgainstClose } from "#core/domain/follows";
import type { RatePoint } from "#core/domain/rate-history";
import { formatRate } from "#core/money";
import type { PriceEvent } from "#core/prices/wire";
import { Sparkline } from "~/components/charts/Sparkline";
import { useLiveChannel, useLiveEvent } from "~/components/live/live-channel";
import { buttonClass } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useTranslation } from "~/i18n";

export type FollowedPairView = {
  id: string;
  pair: string;
  /** Best buy and sell prices when the page was rendered. */
  buy: number | null;
  sell: number | null;
  /** The previous weekday's close (Friday's on a Monday): where the day's series starts. */
  close: number | null;
  points: RatePoint[];
  from: number | null;
  alertHref: string;
  /** The calculator with the pair chosen: a plain link, so it works without JavaScript. */
  tradeHref: string;
};

/**
 * A followed pair: the best buy and sell prices (live with JavaScript, through the tab's channel;
 * as of the page's time without it), the day's sparkline and the change against the previous close.
 */
export function FollowedPair({ view }: { view: FollowedPairView }) {
  const { t } = useTranslation("monitoring");
  const [prices, setPrices] = useState({ buy: view.buy, sell: view.sell });
  useLiveEvent<PriceEvent>(useLiveChannel(), "price", (event) => {
    if (event.pair !== view.pair || event.stale) return;
    setPrices({ buy: event.buy.price, sell: event.sell.price });
  });
  const change = changeAgainstClose(view.close, prices.buy, prices.sell);
  const tone =
    change?.direction === "up"
      ? "text-success dark:text-green-400"
      : change?.direction === "down"
        ? "text-failed dark:text-red-400"
        : "text-slate-700 dark:text-slate-200";
  const headingId = `par-${view.pair.replace("/", "-")}`;

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold">
          {view.pair}
        </h3>
        <Sparkline pair={view.pair} points={view.points} from={view.from ?? undefined} follow className="h-10 w-32" />
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <div>
          <dt className="text-xs uppercase text-slate-600 dark:text-slate-300">{t("list.buy")}</dt>
          <dd className="text-lg font-semibold tabular-nums">{prices.buy === null ? t("list.noPrice") : formatRate(prices.buy)}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-slate-600 dark:text-slate-300">{t("list.sell")}</dt>
          <dd className="text-lg font-semibold tabular-nums">{prices.sell === null ? t("list.noPrice") : formatRate(prices.sell)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs uppercase text-slate-600 dark:text-slate-300">{t("list.change")}</dt>
          <dd className={`font-semibold tabular-nums ${tone}`}>{change ? `${change.change} (${change.percent} %)` : t("list.noPrice")}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {/* The next step after reading a price is to trade it (decision 124). */}
          <Link to={view.tradeHref} className={buttonClass("primary", "!min-h-10 !px-4")}>
            {t("list.trade")}
            <span className="sr-only"> {view.pair}</span>
          </Link>
          <Link to={view.alertHref} className={buttonClass("ghost", "!min-h-10 !px-3")}>
            {t("list.alert")}
            <span className="sr-only"> {view.pair}</span>
          </Link>
        </div>
        <Form method="post" preventScrollReset>
          <AuthenticityTokenInput />
          <input type="hidden" name="id" value={view.id} />
          <input type="hidden" name="pair" value={view.pair} />
          <SubmitButton name="intent" value="dejar" variant="ghost" pendingText={t("list.unfollowing")} className="!min-h-10 !px-3">
            {t("list.unfollow")}
            <span className="sr-only"> {view.pair}</span>
          </SubmitButton>
        </Form>
      </div>
    </li>
  );
}
