import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import type { AccountView } from "#core/domain/accounts";
import { mexicoDate } from "#core/domain/dates";
import { scheduleEditSchema } from "#core/domain/recurring-form";
import calculator from "#core/locales/es-MX/calculator.json";
import payments from "#core/locales/es-MX/payments.json";
import { withoutParams, withParams } from "#core/url";
import type { AccessContext } from "#server/session/auth.server";
import type { Schedule } from "#server/upstream/scheduled-payments.server";
import { RecurringList, type RecurringRowView } from "~/components/payments/RecurringList";
import { ScheduleEditActions, ScheduleEditForm } from "~/components/payments/ScheduleEditForm";
import { buttonClass } from "~/components/ui/button";
import { ConfirmModal } from "~/components/ui/ConfirmModal";
import { Drawer } from "~/components/ui/Drawer";
import { LoadError } from "~/components/ui/LoadError";
import { useTranslation } from "~/i18n";
import {
  cached,
  companyAccounts,
  currentActor,
  deleteSchedule,
  json,
  loadRecipients,
  mayChange,
  newToast,
  optional,
  readForm,
  redirectWithToast,
  requireAccess,
  scheduleDefaults,
  scheduleRow,
  serverT,
  updateSchedule,
} from "~/server-imports/pagos-recurrentes";
import type { PageHandle } from "~/utils/page-title";

/**
 * 'Mis pagos recurrentes' (§2 /pagos-recurrentes; decision 057): the company's schedules with
 * payee, amount, frequency, next date and status, and the delete confirmation, URL-addressed
 * (?dialogo=eliminar-pago&pago=<id>) so it works without JavaScript.
 */
const DIALOG = "eliminar-pago";
const EDIT_DRAWER = "editar-pago";
const OVERLAY_PARAMS = ["dialogo", "drawer", "pago"];
const ID = /^\d{1,12}$/;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const url = new URL(request.url);
  const t = serverT("payments");
  const base = withoutParams(`${url.pathname}${url.search}`, OVERLAY_PARAMS);
  const today = mexicoDate();
  const [actor, list, accounts] = await Promise.all([
    currentActor(access),
    optional(access.api.scheduledPayments.schedules(), null, { log: context.log, event: "scheduled_payments_unavailable" }),
    // Only to name the accounts as 'Mis cuentas' does; without them, their ids show masked.
    optional(companyAccounts(access), null, { log: context.log, event: "accounts_unavailable" }),
  ]);
  const rows: RecurringRowView[] | null =
    list?.map((schedule) => {
      const row = scheduleRow(actor, schedule, t, today, accounts?.views ?? null);
      return {
        ...row,
        deleteHref: row.canDelete ? withParams(base, { dialogo: DIALOG, pago: schedule.id }) : null,
        editHref: row.canDelete ? withParams(base, { drawer: EDIT_DRAWER, pago: schedule.id }) : null,
      };
    }) ?? null;
  const deletingId = url.searchParams.get("dialogo") === DIALOG ? url.searchParams.get("pago") : null;
  const editingId = url.searchParams.get("drawer") === EDIT_DRAWER ? url.searchParams.get("pago") : null;
  const editable = rows?.find((row) => row.id === editingId && row.editHref)
    ? list?.find((schedule) => schedule.id === editingId)
    : undefined;
  return json(
    {
      rows,
      deleting: rows?.find((row) => row.id === deletingId && row.deleteHref) ?? null,
      editing: editable ? await editView(access, editable, accounts?.views ?? null) : null,
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
  const intent = formData.get("intent");
  if (intent !== "eliminar" && intent !== "editar") throw new Response("Solicitud inválida", { status: 400 });
  const id = String(formData.get("id") ?? "");
  if (!ID.test(id)) throw new Response("Solicitud inválida", { status: 400 });

  // The schedule is read first: only the company's own, and only one the member may change.
  const list = await optional(access.api.scheduledPayments.schedules(), null, {
    log: context.log,
    event: "scheduled_payments_unavailable",
  });
  if (intent === "editar") return saveEdit(request, access, formData, list, base);
  if (list === null) return json({ deleteError: t("recurring.delete.error"), result: null }, { status: 502 });
  const schedule = list.find((candidate) => candidate.id === id);
  // Already gone (a second submit, another tab): nothing to send again.
  if (!schedule) return redirectWithToast(request, base, newToast("info", t("recurring.delete.gone")));

  const outcome = await deleteSchedule(access, schedule);
  if (outcome === "deleted") {
    const { payee } = scheduleRow(await currentActor(access), schedule, t, mexicoDate());
    return redirectWithToast(
      request,
      base,
      newToast("success", t("recurring.delete.done"), t("recurring.delete.doneCopy", { name: payee })),
    );
  }
  if (outcome === "forbidden") return json({ deleteError: t("recurring.delete.forbidden"), result: null }, { status: 403 });
  return json({ deleteError: t("recurring.delete.error"), result: null }, { status: 502 });
}

/** The drawer's data: the schedule as the form's defaults, and the calculator's choices. */
async function editView(access: AccessContext, schedule: Schedule, accounts: AccountView[] | null) {
  const [recipients, concepts, holidays] = await Promise.all([
    optional(loadRecipients(access, { backoffice: false }), null, { log: access.log, event: "recipients_unavailable" }),
    optional(
      cached("conceptpays", () => access.api.product.conceptPays()),
      null,
      { log: access.log, event: "conceptpays_unavailable" },
    ),
    optional(
      cached("nonworkingdates", () => access.api.graphql.nonWorkingDates(), 60 * 60_000),
      [] as string[],
      {
        log: access.log,
        event: "bank_holidays_unavailable",
      },
    ),
  ]);
  const ready = accounts !== null && recipients !== null && concepts !== null;
  return {
    ready,
    payee: scheduleRow(await currentActor(access), schedule, serverT("payments"), mexicoDate(), accounts).payee,
    defaults: scheduleDefaults(schedule),
    accounts: accounts ?? [],
    recipients: recipients ?? [],
    reasons: (concepts ?? []).map((c) => ({ id: c.IdPayConcept, label: c.concept, scope: c.typeConcept })),
    today: mexicoDate(),
    holidays: holidays.map((date) => date.slice(0, 10)),
  };
}

/** 'Guardar cambios': the schedule must be the company's and one the member may change; one PUT. */
async function saveEdit(request: Request, access: AccessContext, formData: FormData, list: Schedule[] | null, base: string) {
  const t = serverT("payments");
  const id = String(formData.get("id") ?? "");
  const schedule = list?.find((candidate) => candidate.id === id);
  const submission = parseWithZod(formData, { schema: scheduleEditSchema(mexicoDate(), schedule?.recurrent.firstDate ?? null) });
  if (submission.status !== "success") return json({ result: submission.reply(), deleteError: null }, { status: 400 });
  const fail = (message: string, status: number, field?: string) =>
    json(
      { result: submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }), deleteError: null },
      { status },
    );
  if (list === null) return fail(t("recurring.edit.error"), 502);
  if (!schedule) return redirectWithToast(request, base, newToast("info", t("recurring.delete.gone")));
  if (!mayChange(await currentActor(access), schedule)) return fail(t("recurring.edit.forbidden"), 403);
  const outcome = await updateSchedule(access, schedule.id, submission.value);
  switch (outcome.kind) {
    case "saved": {
      const row = scheduleRow(await currentActor(access), outcome.schedule, t, mexicoDate());
      return redirectWithToast(
        request,
        base,
        newToast(
          "success",
          t("recurring.edit.done"),
          row.nextText
            ? t("recurring.edit.doneCopy", { name: row.payee, date: row.nextText })
            : t("recurring.edit.doneNoNext", { name: row.payee }),
        ),
      );
    }
    case "fieldError":
      return fail(serverT("tradeErrors")(outcome.problem), 400, outcome.field);
    case "forbidden":
      return fail(t("recurring.edit.forbidden"), 403);
    default:
      return fail(t("recurring.edit.error"), 502);
  }
}

export default function RecurringPayments() {
  const { rows, deleting, editing, links } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("payments");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col items-start gap-3">
        <p className="text-slate-600 dark:text-slate-300">{t("recurring.description")}</p>
        <Link to="/planner" className="font-semibold text-brand-700 underline dark:text-brand-300">
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

      <Drawer
        open={Boolean(editing)}
        id="editar-pago"
        title={t("recurring.edit.title")}
        subtitle={editing ? <p className="text-sm text-slate-600 dark:text-slate-300">{editing.payee}</p> : null}
        closeHref={links.base}
        width="md"
        footer={editing?.ready ? <ScheduleEditActions id={editing.defaults.id} cancelHref={links.base} /> : null}
      >
        {editing ? (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("recurring.edit.subtitle")}</p>
            {editing.ready ? (
              <ScheduleEditForm
                defaults={editing.defaults}
                accounts={editing.accounts}
                recipients={editing.recipients}
                reasons={editing.reasons}
                today={editing.today}
                holidays={editing.holidays}
                lastResult={actionData?.result ?? null}
                csrfToken={<AuthenticityTokenInput />}
              />
            ) : (
              <p role="alert" className="text-sm font-medium text-failed dark:text-red-400">
                {t("recurring.edit.loadError")}
              </p>
            )}
          </div>
        ) : null}
      </Drawer>

      <ConfirmModal
        open={Boolean(deleting)}
        id="eliminar-pago"
        title={t("recurring.delete.title")}
        description={
          deleting
            ? [
                t("recurring.delete.description", {
                  frequency: t(`frequencyInline.${deleting.frequency}`),
                  amount: deleting.amount,
                  name: deleting.payee,
                }),
                // The operation already paying one of its payments goes on: deleting the plan does not stop it.
                deleting.inProgress ? t("recurring.delete.inProgress", { date: deleting.inProgress.dateText }) : "",
              ]
                .join(" ")
                .trim()
            : null
        }
        closeHref={links.base}
        fields={{ id: deleting?.id ?? "" }}
        intent="eliminar"
        labels={{
          cancel: t("recurring.delete.cancel"),
          confirm: t("recurring.delete.confirm"),
          pending: t("recurring.delete.deleting"),
        }}
        error={actionData?.deleteError}
      />
    </div>
  );
}

export const handle: PageHandle = { namespaces: { payments, calculator }, titleKey: "shell.title.recurring" };

export { ErrorBoundary } from "~/components/errors/error-boundary";
