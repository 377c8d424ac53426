import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";

import { revealRequested } from "#core/domain/deposit-data";
import { parseOriginFilter } from "#core/domain/recipients";
import recipients from "#core/locales/es-MX/recipients.json";
import { safeRedirectPath, withoutParams, withParams } from "#core/url";
import { AliasDrawer } from "~/components/accounts/AliasDrawer";
import { RecipientDrawer } from "~/components/recipients/RecipientDrawer";
import { RecipientsTable } from "~/components/recipients/RecipientsTable";
import { buttonClass } from "~/components/ui/button";
import { ConfirmModal } from "~/components/ui/ConfirmModal";
import { LoadError } from "~/components/ui/LoadError";
import { SearchForm } from "~/components/ui/SearchForm";
import { Tabs } from "~/components/ui/Tabs";
import { useTranslation } from "~/i18n";
import {
  companyRecipients,
  deleteAllowed,
  deleteRecipient,
  formAnswer,
  internationalAllowed,
  json,
  optional,
  readForm,
  recipientAccount,
  renameRecipient,
  requireRecipientsAccess,
  searchRecipients,
  sendAllowed,
  toggleRecipientFavorite,
  uploadAllowed,
} from "~/server-imports/destinatarios";
import type { PageHandle } from "~/utils/page-title";

/**
 * 'Destinatarios' (§2 /destinatarios): bank and back-office recipients with their status, a
 * search over name, alias and account (§5), national/international filters, 'Enviar dinero' to an
 * authorized recipient (the calculator's transfer, decision 053) and, in each row's menu, its
 * detail (?detalle=<key>; its full account on request, ?ver=cuenta, decision 123), favourite, alias edit (?editar=<key>) and deletion with confirmation (?eliminar=<key>),
 * offered only to those who may delete (decision 028).
 */
const ORIGINS = ["todos", "nacionales", "internacionales"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireRecipientsAccess(request, context);
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").slice(0, 60);
  const origin = parseOriginFilter(url.searchParams.get("origen"));
  const started = performance.now();
  const recipients = await optional(companyRecipients(access), null, { log: context.log, event: "recipients_unavailable" });
  const upstreamMs = Math.round(performance.now() - started);
  const list = recipients ? searchRecipients(recipients, { query, origin }) : null;
  const byKey = (key: string | null) => (key && recipients ? (recipients.views.find((view) => view.key === key) ?? null) : null);
  const detail = byKey(url.searchParams.get("detalle"));
  // One profile read for both (currentActor is kept per request).
  const [canDelete, canSend, canSendInternational] = await Promise.all([
    deleteAllowed(access),
    sendAllowed(access),
    internationalAllowed(access),
  ]);
  const editing = byKey(url.searchParams.get("editar"));
  const deleting = canDelete ? byKey(url.searchParams.get("eliminar")) : null;
  // Only into the drawer that shows it (decision 123): never beside another dialog, never by default.
  const reveal = revealRequested(url.searchParams.get("ver"), "cuenta") && !editing && !deleting;
  return json(
    {
      company: access.company.businessName,
      query,
      origin,
      list,
      canUpload: uploadAllowed(access),
      canDelete,
      canSend,
      canSendInternational,
      detail,
      detailAccount: recipients && detail ? recipientAccount(access, recipients, detail.key, reveal) : null,
      editing,
      deleting,
    },
    { headers: { "Server-Timing": `upstream;dur=${upstreamMs}`, "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireRecipientsAccess(request, context);
  const formData = await readForm(request);
  const url = new URL(request.url);
  const back = withoutParams(`${url.pathname}${url.search}`, ["detalle", "editar", "eliminar"]);
  switch (formData.get("intent")) {
    case "favorito":
      return toggleRecipientFavorite(request, access, formData, safeRedirectPath(formData.get("volver"), back));
    case "alias": {
      const outcome = await renameRecipient(request, access, formData, back);
      return outcome.kind === "done" ? outcome.response : formAnswer({ result: outcome.result }, 400);
    }
    case "eliminar":
      return deleteRecipient(request, access, formData, back);
    default:
      throw new Response("Solicitud inválida", { status: 400 });
  }
}

export default function Recipients() {
  const { company, query, origin, list, canUpload, canDelete, canSend, canSendInternational, detail, detailAccount, editing, deleting } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("recipients");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const closeHref = withoutParams(here, ["detalle", "editar", "eliminar", "ver"]);
  const only = (param: string, key: string) =>
    withoutParams(
      withParams(here, { [param]: key }),
      ["detalle", "editar", "eliminar", "ver"].filter((other) => other !== param),
    );
  const deletingName = deleting ? deleting.alias || deleting.name : "";

  return (
    <div className="flex flex-col gap-6">
      {canUpload ? (
        <div className="flex flex-wrap gap-3">
          <Link to="/destinatarios-alta" className={buttonClass("primary")}>
            {t("list.add")}
          </Link>
          <Link to="/destinatarios-alta-multiple" className={buttonClass("secondary")}>
            {t("list.addMany")}
          </Link>
        </div>
      ) : null}
      <Tabs
        label={t("list.filter")}
        current={origin}
        tabs={ORIGINS.map((id) => ({
          id,
          label: t(`list.filters.${id}`),
          href: withoutParams(withParams(here, { origen: id }), ["detalle", "editar", "eliminar"]),
        }))}
      />
      <SearchForm
        id="buscar-destinatario"
        label={t("list.search")}
        placeholder={t("list.searchPlaceholder")}
        submitLabel={t("list.searchSubmit")}
        clearLabel={t("list.clear")}
        query={query}
        clearHref={withoutParams(here, ["q", "detalle", "editar", "eliminar"])}
        hidden={{ origen: origin }}
      />

      {list === null ? (
        <LoadError message={t("list.loadError")} retryLabel={t("list.retry")} retryHref={here} />
      ) : list.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">{query || origin !== "todos" ? t("list.noResults") : t("list.empty")}</p>
      ) : (
        <section aria-label={t("list.table", { company })} className="flex flex-col gap-3">
          <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
            {t("list.count", { count: list.length })}
          </p>
          <RecipientsTable
            recipients={list}
            caption={t("list.table", { company })}
            detailHref={(key) => only("detalle", key)}
            editHref={(key) => only("editar", key)}
            deleteHref={canDelete ? (key) => only("eliminar", key) : null}
            sendAllowed={canSend}
            internationalAllowed={canSendInternational}
            returnTo={closeHref}
          />
        </section>
      )}

      {detail && !editing && !deleting ? (
        <RecipientDrawer
          recipient={detail}
          fullAccount={detailAccount}
          revealHref={withParams(here, { ver: "cuenta" })}
          hideHref={withoutParams(here, ["ver"])}
          closeHref={closeHref}
          editHref={only("editar", detail.key)}
          sendAllowed={canSend}
          internationalAllowed={canSendInternational}
        />
      ) : null}

      {editing ? (
        <AliasDrawer
          key={editing.key}
          open
          id={editing.key}
          currentAlias={editing.alias}
          closeHref={closeHref}
          lastResult={actionData?.result ?? null}
          namespace="recipients"
          subject={<RecipientSubject recipient={editing} />}
        />
      ) : null}

      <ConfirmModal
        open={Boolean(deleting)}
        title={t("delete.title", { name: deletingName })}
        description={
          deleting ? (
            <>
              <span className="block font-medium text-slate-900 dark:text-slate-100">
                <RecipientSubject recipient={deleting} />
              </span>
              <span className="mt-2 block">{t("delete.description")}</span>
            </>
          ) : null
        }
        closeHref={closeHref}
        fields={{ id: deleting?.key ?? "" }}
        intent="eliminar"
        labels={{ cancel: t("delete.cancel"), confirm: t("delete.confirm"), pending: t("delete.deleting") }}
      />
    </div>
  );
}

/** Whom an alias edit or a deletion is about, by what an alias does not say: legal name, bank, account. */
function RecipientSubject({ recipient }: { recipient: { name: string; bankName: string; last4: string } }) {
  return (
    <>
      {recipient.name}
      {recipient.bankName ? ` · ${recipient.bankName}` : ""} · <span className="whitespace-nowrap">{`•••• ${recipient.last4}`}</span>
    </>
  );
}

export const handle: PageHandle = { namespaces: { recipients }, titleKey: "recipients:meta" };

export { ErrorBoundary } from "~/components/errors/error-boundary";
