import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";

import { formatRowDateTime, mexicoCity } from "#core/domain/dates";
import {
  alertCalculatorHref,
  alertDistance,
  type AlertOperation,
  canCreateAlert,
  priceAlertSchema,
  showRate,
} from "#core/domain/price-alerts";
import alerts from "#core/locales/es-MX/alerts.json";
import { withoutParams, withParams } from "#core/url";
import { AlertDrawer } from "~/components/alerts/AlertDrawer";
import { type AlertRowView, AlertsList } from "~/components/alerts/AlertsList";
import { buttonClass } from "~/components/ui/button";
import { ConfirmModal } from "~/components/ui/ConfirmModal";
import { EmptyState } from "~/components/ui/EmptyState";
import { LoadError } from "~/components/ui/LoadError";
import { useTranslation } from "~/i18n";
import {
  createAlert,
  currentPrices,
  deleteAlert,
  formAnswer,
  json,
  newToast,
  offeredPairs,
  optional,
  readForm,
  redirectWithToast,
  requireAlertsAccess,
  serverT,
} from "~/server-imports/alertas";
import type { PageHandle } from "~/utils/page-title";

/**
 * 'Alertas de precio' (§2 /alertas; decision 045): the member's alerts with their distance from
 * the current price, §2's create drawer (?drawer=alerta&tipo=crear) and the delete-alert
 * confirmation (?dialogo=eliminar-alerta&alerta=<id>), all server-rendered and URL-addressed.
 */
const DRAWER = { drawer: "alerta", tipo: "crear" } as const;
const DIALOG = "eliminar-alerta";
const OVERLAY_PARAMS = ["drawer", "tipo", "par", "operacion", "dialogo", "alerta"];
const OPERATION_SLUGS: Record<string, AlertOperation> = { compra: "buy", venta: "sell" };

const isDrawerOpen = (url: URL) => url.searchParams.get("drawer") === DRAWER.drawer && url.searchParams.get("tipo") === DRAWER.tipo;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAlertsAccess(request, context);
  const url = new URL(request.url);
  const [pairs, list] = await Promise.all([
    optional(offeredPairs(access), [] as string[], { log: context.log, event: "pairs_unavailable" }),
    optional(access.api.marketTools.priceAlerts(), null, { log: context.log, event: "price_alerts_unavailable" }),
  ]);
  const drawerOpen = isDrawerOpen(url);
  const requestedPair = url.searchParams.get("par")?.toUpperCase() ?? "";
  const drawerPair = drawerOpen && pairs.includes(requestedPair) ? requestedPair : null;
  const prices = await currentPrices([...(list ?? []).map((alert) => alert.pair), ...(drawerPair ? [drawerPair] : [])]);
  const now = Date.now();
  const here = `${url.pathname}${url.search}`;
  const base = withoutParams(here, OVERLAY_PARAMS);

  const rows: AlertRowView[] = (list ?? []).map((alert) => {
    const price = prices[alert.pair] ?? null;
    const current = price ? price[alert.operation].price : null;
    return {
      id: alert.id,
      pair: alert.pair,
      operation: alert.operation,
      condition: alert.condition,
      targetRate: showRate(alert.targetRate),
      createdAt: alert.createdAt,
      createdText: formatRowDateTime(alert.createdAt),
      status: alert.status,
      triggeredText:
        alert.status === "triggered" && alert.triggeredAt && alert.triggeredRate !== null
          ? serverT("alerts")("table.triggeredAt", {
              date: formatRowDateTime(alert.triggeredAt),
              rate: showRate(alert.triggeredRate),
            })
          : null,
      distance: alertDistance(alert.status, alert.targetRate, current),
      deleteHref: withParams(base, { dialogo: DIALOG, alerta: alert.id }),
      calculatorHref: alertCalculatorHref(alert.pair, alert.operation),
    };
  });
  const deletingId = url.searchParams.get("dialogo") === DIALOG ? url.searchParams.get("alerta") : null;
  const drawerPrice = drawerPair ? prices[drawerPair] : null;

  return json(
    {
      rows: list === null ? null : rows,
      pairs,
      count: rows.length,
      limitReached: list !== null && !canCreateAlert(list.length),
      pricesAt: mexicoCity(now).format("HH:mm"),
      drawer: drawerOpen
        ? {
            idempotencyKey: crypto.randomUUID(),
            initial: { pair: drawerPair, operation: OPERATION_SLUGS[url.searchParams.get("operacion") ?? ""] ?? ("buy" as const) },
            current: drawerPrice
              ? {
                  buy: drawerPrice.buy.price === null ? null : showRate(drawerPrice.buy.price),
                  sell: drawerPrice.sell.price === null ? null : showRate(drawerPrice.sell.price),
                }
              : null,
          }
        : null,
      deleting: rows.find((row) => row.id === deletingId) ?? null,
      links: { base, create: withParams(base, DRAWER) },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAlertsAccess(request, context);
  const formData = await readForm(request);
  const url = new URL(request.url);
  const base = withoutParams(`${url.pathname}${url.search}`, OVERLAY_PARAMS);
  const t = serverT("alerts");

  switch (formData.get("intent")) {
    case "crear": {
      const pairs = await optional(offeredPairs(access), [] as string[], { log: context.log, event: "pairs_unavailable" });
      const submission = parseWithZod(formData, { schema: priceAlertSchema(pairs) });
      if (submission.status !== "success") return formAnswer({ result: submission.reply(), deleteFailed: false }, 400);
      const key = String(formData.get("idempotencyKey") ?? "");
      if (!/^[0-9a-f-]{36}$/i.test(key)) throw new Response("Solicitud inválida", { status: 400 });
      const outcome = await createAlert(access, submission.value, key);
      const refuse = (message: string, status: number) =>
        formAnswer({ result: submission.reply({ formErrors: [message] }), deleteFailed: false }, status);
      switch (outcome.kind) {
        case "created":
          return redirectWithToast(
            request,
            base,
            newToast(
              "success",
              t("form.created"),
              t("form.createdCopy", { pair: outcome.alert.pair, rate: showRate(outcome.alert.targetRate) }),
            ),
          );
        case "limit":
          return refuse(t("limit"), 409);
        case "keyReused":
          return refuse(t("form.keyReused"), 422);
        case "unknown":
          return redirectWithToast(request, base, newToast("info", t("form.unknown")));
        default:
          return refuse(t("form.failed"), 502);
      }
    }
    case "eliminar": {
      const id = String(formData.get("id") ?? "");
      if (!/^\d{1,12}$/.test(id)) throw new Response("Solicitud inválida", { status: 400 });
      const outcome = await deleteAlert(access, id);
      if (outcome === "deleted") return redirectWithToast(request, base, newToast("success", t("delete.done")));
      // No such alert of the member (none, or another's): the Spanish 404 page; 502 only when the bank failed.
      if (outcome === "missing") throw new Response("No encontrado", { status: 404 });
      return json({ result: null, deleteFailed: true }, { status: 502 });
    }
    default:
      throw new Response("Solicitud inválida", { status: 400 });
  }
}

export default function Alerts() {
  const { rows, pairs, count, limitReached, pricesAt, drawer, deleting, links } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("alerts");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  return (
    <div className="flex flex-col gap-6">
      {/* The action sits on the left, under the title: the top right is where toasts appear. */}
      <div className="flex flex-col items-start gap-3">
        {/* The top bar's h1 names the screen (with the company and the bell), as on every screen. */}
        <p className="text-slate-600 dark:text-slate-300">{t("description")}</p>
        <Link to={links.create} preventScrollReset className={buttonClass("primary")}>
          {t("create")}
        </Link>
      </div>

      {rows === null ? (
        <LoadError message={t("loadError")} retryLabel={t("retry")} retryHref={here} />
      ) : (
        <section aria-labelledby="alertas-lista" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-300">
            <h2 id="alertas-lista" className="font-semibold text-slate-900 dark:text-slate-100">
              {t("count", { count })}
            </h2>
            {count > 0 ? (
              <p>
                {t("pricesAt", { time: pricesAt })}{" "}
                <Link to={links.base} className="font-semibold text-brand-700 underline dark:text-brand-300">
                  {t("refresh")}
                </Link>
              </p>
            ) : null}
          </div>
          {limitReached ? <p className="text-sm font-medium text-slate-700 dark:text-slate-200">{t("limit")}</p> : null}
          {/* The next step, 'Crear alerta', is the screen's one primary action just above. */}
          {rows.length === 0 ? <EmptyState icon="bell" message={t("empty")} hint={t("emptyHint")} /> : <AlertsList rows={rows} />}
        </section>
      )}

      {drawer ? (
        <AlertDrawer
          key={drawer.idempotencyKey}
          pairs={pairs}
          closeHref={links.base}
          idempotencyKey={drawer.idempotencyKey}
          lastResult={actionData?.result ?? null}
          initial={drawer.initial}
          current={drawer.current}
        />
      ) : null}

      <ConfirmModal
        open={Boolean(deleting)}
        id="eliminar-alerta"
        title={t("delete.title")}
        description={
          deleting
            ? t("delete.description", {
                operation: t(`operations.${deleting.operation}`).toLowerCase(),
                pair: deleting.pair,
                rate: deleting.targetRate,
              })
            : null
        }
        closeHref={links.base}
        fields={{ id: deleting?.id ?? "" }}
        intent="eliminar"
        labels={{ cancel: t("delete.cancel"), confirm: t("delete.confirm"), pending: t("delete.deleting") }}
        error={actionData?.deleteFailed ? t("delete.error") : null}
      />
    </div>
  );
}

export const handle: PageHandle = { namespaces: { alerts }, titleKey: "alerts:meta" };

export { ErrorBoundary } from "~/components/errors/error-boundary";
