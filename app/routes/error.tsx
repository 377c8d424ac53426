import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import auth from "#core/locales/es-MX/auth.json";
import { BrandedPage } from "~/components/shell/BrandedPage";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n";
import { json, requireState } from "~/server-imports/error";
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
    <BrandedPage labelledBy="error-titulo">
      <h1 id="error-titulo" className="text-3xl font-bold">
        {t("error.title")}
      </h1>
      <p className="text-slate-600 dark:text-slate-300">{t(`error.${reason}`)}</p>
      <a href="/login/banco" className={buttonClass("primary")}>
        {t("error.retry")}
      </a>
    </BrandedPage>
  );
}

export const handle: PageHandle = { namespaces: { auth }, titleKey: "auth:error.title" };
