import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";

import recipients from "#core/locales/es-MX/recipients.json";
import transaction from "#core/locales/es-MX/transaction.json";
import { buttonClass } from "~/components/ui/button";
import { Modal, ModalActions } from "~/components/ui/Modal";
import { useTranslation } from "~/i18n";
import {
  commitSession,
  getConfig,
  json,
  newToast,
  recordRegistration,
  redirect,
  requireUploadAccess,
  serverT,
} from "~/server-imports/destinatarios-alta_.resultado";
import type { PageHandle } from "~/utils/page-title";

/**
 * Where the bank's challenge page sends the browser back after a recipient registration (the
 * recipient twin of /transaction, §4 Challenge result): the result is recorded upstream and the
 * §2 receiver success modal ('Destinatario activo' / 'Destinatario pendiente') or the §8
 * recipient error is rendered on the server.
 */
const resultSchema = z.object({
  trk: z.string().min(1).max(128),
  id: z.string().regex(/^\d{1,12}$/),
  res: z.string().max(16).default(""),
  msg: z.string().max(500).default(""),
  retries: z.coerce.number().int().min(0).max(99).catch(0),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireUploadAccess(request, context);
  const parsed = resultSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return redirect("/destinatarios");
  const result = await recordRegistration(access, parsed.data);
  if (result.kind === "desync") {
    // §8 'cancelado': the token-desynchronised page, with the 'Cancelación exitosa' toast.
    const t = serverT("transaction");
    access.session.flash("toast", newToast("success", t("desync.toast")));
    return json({ result, bankPortalUrl: getConfig().BANK_PORTAL_URL }, { headers: { "Set-Cookie": await commitSession(access.session) } });
  }
  return json({ result, bankPortalUrl: getConfig().BANK_PORTAL_URL });
}

export default function RegistrationResult() {
  const { result, bankPortalUrl } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["recipients", "transaction"]);
  const ok = (href: string, label: string) => (
    <Link to={href} className={buttonClass("primary")}>
      {label}
    </Link>
  );

  if (result.kind === "desync") {
    return (
      <main id="contenido" className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-6 p-8 text-center">
        <h2 className="text-3xl font-bold text-failed">{t("transaction:desync.title")}</h2>
        <p className="text-slate-600 dark:text-slate-300">{t("transaction:desync.description")}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <a href={bankPortalUrl} className={buttonClass("primary")}>
            {t("transaction:desync.bank")}
          </a>
          <Link to="/destinatarios" className={buttonClass("secondary")}>
            {t("recipients:meta")}
          </Link>
        </div>
      </main>
    );
  }

  let modal: { title: string; description?: string; tone: "success" | "error"; actions: React.ReactNode };
  switch (result.kind) {
    case "active":
      modal = {
        title: t("recipients:result.active.title"),
        description: t("recipients:result.active.description", { name: result.name }),
        tone: "success",
        actions: (
          <>
            <Link to="/destinatarios-alta" className={buttonClass("secondary")}>
              {t("recipients:result.active.another")}
            </Link>
            {ok("/", t("recipients:result.active.operate"))}
          </>
        ),
      };
      break;
    case "pending":
      modal = {
        title: t("recipients:result.pending.title"),
        description: t("recipients:result.pending.description", { name: result.name }),
        tone: "success",
        actions: ok("/destinatarios", t("recipients:result.pending.ok")),
      };
      break;
    case "saveFailed":
      modal = {
        title: t("recipients:result.saveFailed.title"),
        description: t("recipients:result.saveFailed.description"),
        tone: "error",
        actions: ok("/destinatarios", t("recipients:result.saveFailed.ok")),
      };
      break;
    case "tokenExpired":
    case "wrongToken":
      modal = {
        title: t(`recipients:result.${result.kind}.title`),
        description: t(`recipients:result.${result.kind}.description`),
        tone: "error",
        actions: ok("/destinatarios-alta", t(`recipients:result.${result.kind}.ok`)),
      };
      break;
    default:
      modal = {
        title: t("recipients:result.failed.title"),
        description: t("recipients:result.failed.description"),
        tone: "error",
        actions: ok("/destinatarios", t("recipients:result.failed.ok")),
      };
  }
  return (
    <Modal open title={modal.title} description={modal.description} tone={modal.tone}>
      <ModalActions>{modal.actions}</ModalActions>
    </Modal>
  );
}

export const handle: PageHandle = { namespaces: { recipients, transaction }, titleKey: "recipients:result.meta", challengeModal: true };

export { ErrorBoundary } from "~/components/errors/error-boundary";
