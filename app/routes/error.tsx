import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import auth from "#core/locales/es-MX/auth.json";
import { requireState } from "#server/session/auth.server";
import { useTranslation } from "~/i18n";
import type { PageHandle } from "~/utils/page-title";

/** The error screen (§2): the login could not complete; the way out is the bank's portal. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireState(request, ["errorState"]);
  return json({
    reason: ((reason) => (reason === "token" || reason === "used" ? reason : "upstream"))(session.get("errorReason")),
  });
}

export default function ErrorScreen() {
  const { reason } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  return (
    <main id="contenido" className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-6 p-8 text-center">
      <h1 className="text-3xl font-bold">{t("error.title")}</h1>
      <p className="text-slate-600 dark:text-slate-300">{t(`error.${reason}`)}</p>
      <a href="/login/banco" className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
        {t("error.retry")}
      </a>
    </main>
  );
}

export const handle: PageHandle = { namespaces: { auth }, titleKey: "auth:error.title" };
