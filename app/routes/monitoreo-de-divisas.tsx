import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useMemo } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { mexicoCity } from "#core/domain/dates";
import { alreadyFollowed, duplicateFollowMessage, followSchema } from "#core/domain/follows";
import { alertCalculatorHref } from "#core/domain/price-alerts";
import charts from "#core/locales/es-MX/charts.json";
import monitoring from "#core/locales/es-MX/monitoring.json";
import { withParams } from "#core/url";
import { FollowedPair, type FollowedPairView } from "~/components/monitoring/FollowedPair";
import { EmptyState } from "~/components/ui/EmptyState";
import { ErrorList } from "~/components/ui/Field";
import { LoadError } from "~/components/ui/LoadError";
import { SelectField } from "~/components/ui/SelectField";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useForm } from "~/components/ui/use-form";
import { useTranslation } from "~/i18n";
import {
  currentPrices,
  daySeries,
  followPair,
  formAnswer,
  json,
  newToast,
  offeredPairs,
  optional,
  readForm,
  redirectWithToast,
  requireMonitoringAccess,
  serverT,
  unfollowPair,
} from "~/server-imports/monitoreo-de-divisas";
import type { PageHandle } from "~/utils/page-title";

/**
 * 'Monitoreo de divisas' (§2 /monitoreo-de-divisas; decision 045): follow and unfollow pairs; each
 * followed pair shows its best buy and sell (live with JavaScript, as of the page's time with
 * 'Actualizar' without), the day's sparkline and the change against yesterday's close.
 */
const FOLLOW_FORM_ID = "seguir-par";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireMonitoringAccess(request, context);
  const [pairs, follows] = await Promise.all([
    optional(offeredPairs(access), [] as string[], { log: context.log, event: "pairs_unavailable" }),
    optional(access.api.marketTools.follows(), null, { log: context.log, event: "follows_unavailable" }),
  ]);
  const followed = follows ?? [];
  const [prices, days] = await Promise.all([
    currentPrices(followed.map((follow) => follow.pair)),
    Promise.all(
      followed.map((follow) => optional(daySeries(access.api, follow.pair), null, { log: context.log, event: "rate_history_unavailable" })),
    ),
  ]);
  const views: FollowedPairView[] = followed.map((follow, index) => {
    const price = prices[follow.pair] ?? null;
    const day = days[index];
    return {
      id: follow.id,
      pair: follow.pair,
      buy: price?.buy.price ?? null,
      sell: price?.sell.price ?? null,
      // The day's series opens at midnight on the previous weekday's close (sandbox/CONTRACT.md 'rate history').
      close: day?.points[0]?.rate ?? null,
      points: day?.points ?? [],
      from: day?.from ?? null,
      alertHref: withParams("/alertas", { drawer: "alerta", tipo: "crear", par: follow.pair }),
      tradeHref: alertCalculatorHref(follow.pair),
    };
  });
  return json(
    { pairs, follows: follows === null ? null : views, pricesAt: mexicoCity(Date.now()).format("HH:mm") },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireMonitoringAccess(request, context);
  const formData = await readForm(request);
  const t = serverT("monitoring");
  const back = new URL(request.url).pathname;

  switch (formData.get("intent")) {
    case "seguir": {
      const pairs = await optional(offeredPairs(access), [] as string[], { log: context.log, event: "pairs_unavailable" });
      const submission = parseWithZod(formData, { schema: followSchema(pairs) });
      if (submission.status !== "success") return formAnswer({ result: submission.reply(), unfollowFailed: false }, 400);
      const { pair } = submission.value;
      const refuse = (message: string, status: number) =>
        formAnswer({ result: submission.reply({ formErrors: [message] }), unfollowFailed: false }, status);
      const follows = await optional(access.api.marketTools.follows(), null, { log: context.log, event: "follows_unavailable" });
      if (follows && alreadyFollowed(follows, pair)) return refuse(duplicateFollowMessage(pair), 409);
      const outcome = await followPair(access, pair);
      if (outcome.kind === "followed") return redirectWithToast(request, back, newToast("success", t("follow.added", { pair })));
      return outcome.kind === "duplicate" ? refuse(duplicateFollowMessage(pair), 409) : refuse(t("errors.create"), 502);
    }
    case "dejar": {
      const id = String(formData.get("id") ?? "");
      if (!/^\d{1,12}$/.test(id)) throw new Response("Solicitud inválida", { status: 400 });
      const pair = String(formData.get("pair") ?? "").slice(0, 7);
      const outcome = await unfollowPair(access, id);
      if (outcome === "removed") return redirectWithToast(request, back, newToast("success", t("list.removed", { pair })));
      // No such follow of the member (none, or another's): the Spanish 404 page; 502 only when the bank failed.
      if (outcome === "missing") throw new Response("No encontrado", { status: 404 });
      return json({ result: null, unfollowFailed: true }, { status: 502 });
    }
    default:
      throw new Response("Solicitud inválida", { status: 400 });
  }
}

export default function Monitoring() {
  const { pairs, follows, pricesAt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("monitoring");
  const location = useLocation();
  const schema = useMemo(() => followSchema(pairs), [pairs]);
  const [form, fields] = useForm({
    id: FOLLOW_FORM_ID,
    lastResult: actionData?.result ?? null,
    shouldValidate: "onSubmit",
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  return (
    <div className="flex flex-col gap-6">
      {/* §2 names the place twice, 'Seguimiento de divisas' in the menu and this title: the line ties them (decision 124). */}
      <p className="text-slate-600 dark:text-slate-300">{t("description", { menu: t("common:shell.menu.monitoring") })}</p>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
        <AuthenticityTokenInput />
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            meta={fields.pair}
            label={t("follow.label")}
            placeholder={t("follow.placeholder")}
            className="min-w-0 flex-1 sm:max-w-xs"
          >
            {pairs.map((pair) => (
              <option key={pair} value={pair}>
                {pair}
              </option>
            ))}
          </SelectField>
          <SubmitButton name="intent" value="seguir" pendingText={t("follow.submitting")}>
            {t("follow.submit")}
          </SubmitButton>
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
      </Form>

      {actionData?.unfollowFailed ? (
        <p role="alert" className="text-sm font-medium text-failed dark:text-red-400">
          {t("errors.remove")}
        </p>
      ) : null}

      {follows === null ? (
        <LoadError message={t("list.loadError")} retryLabel={t("list.retry")} retryHref={location.pathname} />
      ) : (
        <section aria-labelledby="pares-seguidos" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="pares-seguidos" className="text-lg font-semibold">
              {t("list.label")}
            </h2>
            {follows.length > 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {t("list.pricesAt", { time: pricesAt })}{" "}
                <Link to={location.pathname} className="font-semibold text-brand-700 underline dark:text-brand-300">
                  {t("list.refresh")}
                </Link>
              </p>
            ) : null}
          </div>
          {follows.length === 0 ? (
            <EmptyState message={t("list.empty")} hint={t("list.emptyHint")} icon="monitoring" />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {follows.map((view) => (
                <FollowedPair key={view.id} view={view} />
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

export const handle: PageHandle = {
  namespaces: { monitoring, charts },
  titleKey: "monitoring:meta",
  livePairs: (data) => ((data as { follows?: Array<{ pair: string }> | null } | undefined)?.follows ?? []).map((follow) => follow.pair),
};

export { ErrorBoundary } from "~/components/errors/error-boundary";
