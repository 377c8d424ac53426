import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useSearchParams } from "@remix-run/react";

import auth from "#core/locales/es-MX/auth.json";
import { requireState } from "#server/session/auth.server";
import { SessionExpiredNotice } from "~/components/shell/SessionExpiredNotice";
import { useTranslation } from "~/i18n";
import type { PageHandle } from "~/utils/page-title";

/** The rest screen (§2): logged out, with the way back in through the bank's portal. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireState(request, ["initialState"]);
  return json({});
}

export default function Login() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  return (
    <main id="contenido" className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-6 p-8 text-center">
      <h1 className="text-3xl font-bold">{t("login.title")}</h1>
      <p className="text-slate-600 dark:text-slate-300">{t("login.description")}</p>
      <a href="/login/banco" className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
        {t("login.goToBank")}
      </a>
      <SessionExpiredNotice open={params.get("sesion") === "expirada"} closeHref="/login" />
    </main>
  );
}

export const handle: PageHandle = { namespaces: { auth }, titleKey: "auth:login.meta" };
