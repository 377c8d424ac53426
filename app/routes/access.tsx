import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { accessLinkDecision } from "#core/domain/access-link";
import { homeOf } from "#core/domain/auth-state";
import auth from "#core/locales/es-MX/auth.json";
import { BrandedPage } from "~/components/shell/BrandedPage";
import { buttonClass } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useTranslation } from "~/i18n";
import {
  authStateOf,
  bankTokenUsed,
  clearLoginState,
  clientOf,
  enforceRate,
  failLogin,
  getSession,
  json,
  loginStateMatches,
  readForm,
  redirect,
  signInFromLink,
} from "~/server-imports/access";
import type { PageHandle } from "~/utils/page-title";

const MAX_TOKEN_LENGTH = 4096;

const bankTokenOf = (value: unknown) => {
  const token = typeof value === "string" ? value.trim() : "";
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
};

/**
 * Login entry (§2): the bank's link `/access?jwt=…`. A link signs in by itself only a browser
 * without a session that started this login (the `state` the app issued comes back); otherwise
 * the person confirms with a form post, and a bank token opens one session at most.
 * Without a token, the person is sent where their state belongs.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const session = await getSession(request);
  const state = authStateOf(session);
  const token = bankTokenOf(url.searchParams.get("jwt"));
  if (!token) return redirect(state === "initialState" ? "/login" : homeOf(state));
  await enforceRate("login", { client: clientOf(context) });

  const signedIn = state === "accessState" || state === "wizardState";
  const decision = accessLinkDecision({
    tokenUsed: await bankTokenUsed(token),
    signedIn,
    stateMatches: await loginStateMatches(request, url.searchParams.get("state")),
  });
  context.log.info({ event: "access_link", decision, signedIn }, "bank link received");
  if (decision === "signIn") return signInFromLink(request, context, token, await clearLoginState());
  if (decision === "used" && signedIn) return redirect(homeOf(state));
  if (decision === "used") return failLogin(request, context, "used");
  return json({ token, signedIn, cancelTo: signedIn ? homeOf(state) : "/login" });
}

/** 'Entrar' on the confirmation: the person's say, as a same-origin form with the session's token. */
export async function action({ request, context }: ActionFunctionArgs) {
  await enforceRate("login", { client: clientOf(context) });
  const form = await readForm(request);
  const token = bankTokenOf(form.get("jwt"));
  if (!token) throw new Response("Solicitud inválida", { status: 400 });
  return signInFromLink(request, context, token, await clearLoginState());
}

export default function AccessLink() {
  const { token, signedIn, cancelTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  return (
    <BrandedPage labelledBy="confirmar-acceso" centred={false}>
      <section aria-labelledby="confirmar-acceso">
        <h1 id="confirmar-acceso" className="text-2xl font-bold">
          {t("accessLink.title")}
        </h1>
        <p className="mt-3 text-slate-700 dark:text-slate-200">{signedIn ? t("accessLink.signedIn") : t("accessLink.notStarted")}</p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("accessLink.advice")}</p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={cancelTo} className={buttonClass("secondary")}>
            {t("accessLink.cancel")}
          </Link>
          <Form method="post" action="/access" reloadDocument>
            <AuthenticityTokenInput />
            <input type="hidden" name="jwt" value={token} />
            <SubmitButton pendingText={t("accessLink.entering")} className="w-full sm:w-auto">
              {t("accessLink.enter")}
            </SubmitButton>
          </Form>
        </div>
      </section>
    </BrandedPage>
  );
}

export const handle: PageHandle = { namespaces: { auth }, titleKey: "auth:accessLink.meta" };
