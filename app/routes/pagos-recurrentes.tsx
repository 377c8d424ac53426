import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import payments from "#core/locales/es-MX/payments.json";
import { withoutParams, withParams } from "#core/url";
import { deleteSchedule, scheduleRow } from "#server/payments/recurring.server";
import { newToast, redirectWithToast, requireAccess } from "#server/session/auth.server";
import { readForm } from "#server/session/csrf.server";
import { currentActor } from "#server/session/permissions.server";
import { companyAccounts } from "#server/trading/accounts.server";
import { optional } from "#server/upstream/optional.server";
import { RecurringList, type RecurringRowView } from "~/components/payments/RecurringList";
import { buttonClass } from "~/components/ui/button";
import { LoadError } from "~/components/ui/LoadError";
import { Modal, ModalActions } from "~/components/ui/Modal";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useTranslation } from "~/i18n";
import { serverT } from "~/i18n.server";
import type { PageHandle } from "~/utils/page-title";

/**
 * 'Mis pagos recurrentes' (§2 /pagos-recurrentes; decision 057): the company's schedules with
 * payee, amount, frequency, next date and status, and the delete confirmation, URL-addressed
 * (?dialogo=eliminar-pago&pago=<id>) so it works without JavaScript.
 */
const DIALOG = "eliminar-pago";
const OVERLAY_PARAMS = ["dialogo", "pago"];
const ID = /^\d{1,12}$/;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const url = new URL(request.url);
  const t = serverT("payments");
  const base = withoutParams(`${url.pathname}${url.search}`, OVERLAY_PARAMS);
  const [actor, list, accounts] = await Promise.all([
    currentActor(access),
    optional(access.api.scheduledPayments.schedules(), null, { log: context.log, event: "scheduled_payments_unavailable" }),
    // Only to name the accounts as 'Mis cuentas' does; without them, their ids show masked.
    optional(companyAccounts(access), null, { log: context.log, event: "accounts_unavailable" }),
  ]);
  const rows: RecurringRowView[] | null =
    list?.map((schedule) => {
      const row = scheduleRow(actor, schedule, t, accounts?.views ?? null);
      return { ...row, deleteHref: row.canDelete ? withParams(base, { dialogo: DIALOG, pago: schedule.id }) : null };
    }) ?? null;
  const deletingId = url.searchParams.get("dialogo") === DIALOG ? url.searchParams.get("pago") : null;
  return json(
    {
      rows,
      deleting: rows?.find((row) => row.id === deletingId && row.deleteHref) ?? null,
      links: { base },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess(request, context);
  const formData = await readForm(request);
  const url = new URL(request.url);
  const base = withoutParams(`${url.pathname}${url.search}`, OVERLAY_PARAMS);
  const t = serverT("payments");
  if (formData.get("intent") !== "eliminar") throw new Response("Solicitud inválida", { status: 400 });
  const id = String(formData.get("id") ?? "");
  if (!ID.test(id)) throw new Response("Solicitud inválida", { status: 400 });

  // The schedule is read first: only the company's own, and only one the member may change.
  const list = await optional(access.api.scheduledPayments.schedules(), null, {
    log: context.log,
    event: "scheduled_payments_unavailable",
  });
  if (list === null) return json({ deleteError: t("recurring.delete.error") }, { status: 502 });
  const schedule = list.find((candidate) => candidate.id === id);
  // Already gone (a second submit, another tab): nothing to send again.
  if (!schedule) return redirectWithToast(request, base, newToast("info", t("recurring.delete.gone")));

  const outcome = await deleteSchedule(access, schedule);
  if (outcome === "deleted") {
    const { payee } = scheduleRow(await currentActor(access), schedule, t);
    return redirectWithToast(
      request,
      base,
      newToast("success", t("recurring.delete.done"), t("recurring.delete.doneCopy", { name: payee })),
    );
  }
  if (outcome === "forbidden") return json({ deleteError: t("recurring.delete.forbidden") }, { status: 403 });
  return json({ deleteError: t("recurring.delete.error") }, { status: 502 });
}

export default function RecurringPayments() {
  const { rows, deleting, links } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("payments");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col items-start gap-3">
        <p className="text-slate-600 dark:text-slate-300">{t("recurring.description")}</p>
        <Link to="/planner" className="font-semibold text-brand-700 underline dark:text-brand-100">
          {t("recurring.toPlanner")}
        </Link>
      </div>

      {rows === null ? (
        <LoadError message={t("recurring.loadError")} retryLabel={t("recurring.retry")} retryHref={here} />
      ) : rows.length === 0 ? (
        <section
          aria-labelledby="pagos-vacio"
          className="flex flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="pagos-vacio" className="text-lg font-semibold">
            {t("recurring.empty")}
          </h2>
          <p className="text-slate-600 dark:text-slate-300">{t("recurring.emptyNext")}</p>
          <Link to="/?operacion=transferencia" className={buttonClass("primary")}>
            {t("recurring.emptyAction")}
          </Link>
        </section>
      ) : (
        <section aria-labelledby="pagos-lista" className="flex flex-col gap-3">
          <h2 id="pagos-lista" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
            {t("recurring.count", { count: rows.length })}
          </h2>
          <RecurringList rows={rows} />
        </section>
      )}

      <Modal
        open={Boolean(deleting)}
        id="eliminar-pago"
        title={t("recurring.delete.title")}
        description={
          deleting
            ? t("recurring.delete.description", {
                frequency: t(`frequencyInline.${deleting.frequency}`),
                amount: deleting.amount,
                name: deleting.payee,
              })
            : null
        }
        closeHref={links.base}
        tone="error"
      >
        {actionData?.deleteError ? (
          <p role="alert" className="mb-4 text-sm font-medium text-failed dark:text-red-400">
            {actionData.deleteError}
          </p>
        ) : null}
        <Form method="post" preventScrollReset>
          <AuthenticityTokenInput />
          <input type="hidden" name="id" value={deleting?.id ?? ""} />
          <ModalActions>
            <Link to={links.base} preventScrollReset className={buttonClass("secondary")}>
              {t("recurring.delete.cancel")}
            </Link>
            <SubmitButton name="intent" value="eliminar" variant="danger" pendingText={t("recurring.delete.deleting")}>
              {t("recurring.delete.confirm")}
            </SubmitButton>
          </ModalActions>
        </Form>
      </Modal>
    </div>
  );
}

export const handle: PageHandle = { namespaces: { payments }, titleKey: "shell.title.recurring" };

export { ErrorBoundary } from "~/components/errors/ErrorPage";
