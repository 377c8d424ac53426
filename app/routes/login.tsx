import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLocation, useSearchParams } from "@remix-run/react";

import { LOGGED_OUT_PATH, restScreenFor } from "#core/domain/auth-state";
import auth from "#core/locales/es-MX/auth.json";
import session from "#core/locales/es-MX/session.json";
import { BrandedPage } from "~/components/shell/BrandedPage";
import { SessionExpiredNotice } from "~/components/shell/SessionExpiredNotice";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n";
import { json, requireState } from "~/server-imports/login";
import type { PageHandle } from "~/utils/page-title";

/** The rest screen (§2): logged out, with the way back in through the bank's portal. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireState(request, ["initialState"]);
  return json({});
}

/** Where the way back in starts: the bank's portal (app/routes/login_.banco.tsx). */
const BANK_LOGIN = "/login/banco";

export default function Login() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  // 'Tu sesión terminó' only to somebody whose session did end (decision 124).
  const words = restScreenFor(useLocation().search);
  return (
    <BrandedPage labelledBy="login-titulo">
      <h1 id="login-titulo" className="text-3xl font-bold">
        {t(`login.${words}.title`)}
      </h1>
      <p className="text-slate-600 dark:text-slate-300">{t(`login.${words}.description`)}</p>
      <a href={BANK_LOGIN} className={buttonClass("primary")}>
        {t("login.goToBank")}
      </a>
      <SessionExpiredNotice open={params.get("sesion") === "expirada"} closeHref={LOGGED_OUT_PATH} bankHref={BANK_LOGIN} />
    </BrandedPage>
  );
}

export const handle: PageHandle = { namespaces: { auth, session }, titleKey: "auth:login.meta" };
