import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import {
  collaboratorPermissionsSchema,
  formValuesOf,
  permissionIdsOf,
  permissionNamesOf,
  permissionSummary,
  whatsappLabel,
} from "#core/domain/collaborator-permissions";
import collaborators from "#core/locales/es-MX/collaborators.json";
import { withoutParams, withParams } from "#core/url";
import type { Collaborator } from "#server/upstream/collaborators.server";
import { CollaboratorDrawer } from "~/components/collaborators/CollaboratorDrawer";
import { type CollaboratorRowView, CollaboratorsList } from "~/components/collaborators/CollaboratorsList";
import { buttonClass } from "~/components/ui/button";
import { LoadError } from "~/components/ui/LoadError";
import { Modal, ModalActions } from "~/components/ui/Modal";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useTranslation } from "~/i18n";
import {
  cached,
  formAnswer,
  isUpstreamError,
  json,
  newToast,
  optional,
  readForm,
  redirect,
  redirectWithToast,
  requireAdministrator,
  serverT,
} from "~/server-imports/configuracion_.colaboradores";
import type { PageHandle } from "~/utils/page-title";

/**
 * 'Permisos de colaboradores' (§2 edit drawers, §5, §6; decision 058): administrators only — a
 * collaborator gets 403 for the page and for every post. The list of the company's collaborators,
 * and a drawer per collaborator (`?colaborador=<id>`) with the permissions form.
 */
const DRAWER_PARAM = "colaborador";
const DIALOG = "solicitar-activacion";
const ID_PATTERN = /^\d{1,12}$/;

function rowOf(collaborator: Collaborator, base: string): CollaboratorRowView {
  return {
    id: collaborator.id,
    name: collaborator.completeName,
    profileType: collaborator.profile_type,
    email: collaborator.email,
    whatsapp: whatsappLabel(collaborator.phone),
    permissions: permissionSummary(collaborator.permissions.map((permission) => permission.name)),
    editHref: withParams(base, { [DRAWER_PARAM]: collaborator.id }),
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAdministrator(request, context);
  const url = new URL(request.url);
  const base = withoutParams(`${url.pathname}${url.search}`, [DRAWER_PARAM, "dialogo"]);
  const [list, featureEnabled] = await Promise.all([
    optional(access.api.collaborators.myCollaborators(), null, { log: context.log, event: "collaborators_unavailable" }),
    // An unreadable flag reads as on: nobody is asked to request what may already be there.
    optional(access.api.collaborators.permissionsFeatureEnabled(), true, { log: context.log, event: "permissions_flag_unavailable" }),
  ]);
  const selectedId = url.searchParams.get(DRAWER_PARAM);
  const selected = list?.find((collaborator) => collaborator.id === selectedId) ?? null;
  return json(
    {
      rows: list === null ? null : list.map((collaborator) => rowOf(collaborator, base)),
      drawer: selected
        ? { collaborator: rowOf(selected, base), initial: formValuesOf(selected.permissions.map((permission) => permission.name)) }
        : null,
      base,
      // §6: with the permissions feature off, 'Solicitar Activación' asks '¿Eres el perfil administrador?'.
      requestDialog: !featureEnabled && url.searchParams.get("dialogo") === DIALOG,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAdministrator(request, context);
  const formData = await readForm(request);
  const url = new URL(request.url);
  const base = withoutParams(`${url.pathname}${url.search}`, [DRAWER_PARAM, "dialogo"]);
  const t = serverT("collaborators");
  if (formData.get("intent") === "solicitar") return requestActivation(request, access, base);
  if (formData.get("intent") !== "guardar") throw new Response("Solicitud inválida", { status: 400 });
  const id = String(formData.get("id") ?? "");
  if (!ID_PATTERN.test(id)) throw new Response("Solicitud inválida", { status: 400 });

  const submission = parseWithZod(formData, { schema: collaboratorPermissionsSchema });
  if (submission.status !== "success") return formAnswer({ result: submission.reply() }, 400);
  const refuse = (message: string, status: number) => formAnswer({ result: submission.reply({ formErrors: [message] }) }, status);

  try {
    const catalogue = await cached("permissions-catalogue", () => access.api.collaborators.permissionCatalogue());
    const ids = permissionIdsOf(permissionNamesOf(submission.value), catalogue);
    if (!ids) {
      context.log.warn({ event: "permissions_catalogue_incomplete" }, "a permission of the form is not in the product's catalogue");
      return refuse(t("failed"), 502);
    }
    const updated = await access.api.collaborators.updateCollaborator(id, ids);
    context.log.info(
      { event: "collaborator_permissions_updated", collaboratorId: id, permissionIds: ids },
      "collaborator permissions updated",
    );
    return redirectWithToast(request, base, newToast("success", t("saved"), t("savedCopy", { name: updated.completeName })));
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    context.log.warn(
      { event: "collaborator_permissions_failed", failure: error.failure, status: error.status, code: error.details.code },
      "collaborator permissions not updated",
    );
    if (error.status === 403) throw new Response("Solo un administrador de la empresa puede hacer esto.", { status: 403 });
    if (error.status === 404) return refuse(t("notFound"), 404);
    return refuse(t("failed"), 502);
  }
}

/**
 * §8: a failed permission request is only logged; the modal closes either way. A company that already
 * has the feature (or whose flag cannot be read) has nothing to request: the bank is not asked.
 */
async function requestActivation(request: Request, access: Awaited<ReturnType<typeof requireAdministrator>>, base: string) {
  const featureEnabled = await optional(access.api.collaborators.permissionsFeatureEnabled(), true, {
    log: access.log,
    event: "permissions_flag_unavailable",
  });
  if (featureEnabled) return redirect(base);
  try {
    await access.api.collaborators.requestPermissionRole({ username: access.data.user.userName, companyName: access.company.businessName });
    access.log.info({ event: "permission_role_requested" }, "permissions feature requested");
    return redirectWithToast(request, base, newToast("success", serverT("collaborators")("request.sent")));
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    access.log.warn({ event: "permission_role_request_failed", failure: error.failure, status: error.status }, "permission request failed");
    return redirect(base);
  }
}

export default function CollaboratorsPermissions() {
  const { rows, drawer, base, requestDialog } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("collaborators");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col items-start gap-3">
        <p className="text-slate-600 dark:text-slate-300">{t("description")}</p>
      </div>
      {rows === null ? (
        <LoadError message={t("loadError")} retryLabel={t("retry")} retryHref={here} />
      ) : (
        <section aria-labelledby="colaboradores-lista" className="flex flex-col gap-3">
          <h2 id="colaboradores-lista" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
            {t("count", { count: rows.length })}
          </h2>
          {rows.length === 0 ? <p className="text-slate-600 dark:text-slate-300">{t("empty")}</p> : <CollaboratorsList rows={rows} />}
        </section>
      )}
      <p>
        <Link
          to={withParams(base, { drawer: "configuracion", tab: "datos" })}
          preventScrollReset
          className="font-semibold text-brand-700 underline dark:text-brand-300"
        >
          {t("back")}
        </Link>
      </p>
      {drawer ? (
        <CollaboratorDrawer
          key={`${drawer.collaborator.id}-${JSON.stringify(drawer.initial)}`}
          collaborator={drawer.collaborator}
          initial={drawer.initial}
          closeHref={base}
          lastResult={actionData?.result ?? null}
        />
      ) : null}
      <Modal open={requestDialog} id={DIALOG} title={t("request.title")} description={t("request.copy")} closeHref={base}>
        <Form method="post" preventScrollReset>
          <AuthenticityTokenInput />
          <ModalActions>
            <Link to={base} preventScrollReset className={buttonClass("secondary")}>
              {t("request.exit")}
            </Link>
            <SubmitButton name="intent" value="solicitar" pendingText={t("request.sending")}>
              {t("request.confirm")}
            </SubmitButton>
          </ModalActions>
        </Form>
      </Modal>
    </div>
  );
}

export const handle: PageHandle = { namespaces: { collaborators }, titleKey: "collaborators:meta" };

export { ErrorBoundary } from "~/components/errors/error-boundary";
