import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { accessLinkDecision, continuation } from "#core/domain/access-link";
import { homeOf } from "#core/domain/auth-state";
import auth from "#core/locales/es-MX/auth.json";
import { BrandedPage } from "~/components/shell/BrandedPage";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useTranslation } from "~/i18n";
import {
  authStateOf,
  bankTokenUsed,
  clearLoginState,
  clientOf,
  currentSessionOf,
  enforceRate,
  failLogin,
  getSession,
  json,
  linkHolder,
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
 * Login entry (§2): the bank's link `/access?jwt=…`. A link signs in by itself a browser without a
 * session that started this login (the `state` the app issued comes back). Otherwise the bank says
 * whose access the link holds and the page names them: 'Continuar como Ana M. en Importadora del
 * Bajío', one form post, or 'No soy yo' (decision 098). A bank token opens one session at most.
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
  if (decision === "signIn") {
    context.log.info({ event: "access_link", decision, signedIn }, "bank link received");
    return signInFromLink(request, context, token, await clearLoginState());
  }
  if (decision === "used") {
    context.log.info({ event: "access_link", decision, signedIn }, "bank link received");
    return signedIn ? redirect(homeOf(state)) : failLogin(request, context, "used");
  }
  const holder = await linkHolder(request, context, token);
  if (holder === "invalid" || holder === "unavailable") {
    context.log.info({ event: "access_link", decision, signedIn, holder }, "bank link received");
    return failLogin(request, context, holder === "invalid" ? "token" : "upstream");
  }
  const next = continuation(holder, currentSessionOf(session));
  // Who the link is for is never logged: only what was decided.
  context.log.info({ event: "access_link", decision: next.ask ? "ask" : "ownLink", signedIn }, "bank link received");
  if (!next.ask) return signInFromLink(request, context, token, await clearLoginState());
  return json({ token, as: next.as, replaces: next.replaces, cancelTo: signedIn ? homeOf(state) : "/login" });
}

/** 'Continuar como …' on the page: the person's say, as a same-origin form with the session's token. */
export async function action({ request, context }: ActionFunctionArgs) {
  await enforceRate("login", { client: clientOf(context) });
  const form = await readForm(request);
  const token = bankTokenOf(form.get("jwt"));
  if (!token) throw new Response("Solicitud inválida", { status: 400 });
  return signInFromLink(request, context, token, await clearLoginState());
}

/**
 * The page's frame: the branded card of the screens outside the shell, or, when the browser's session
 * already shows the shell, the same card inside its <main> (one main landmark per page).
 */
function Frame({ children }: { children: ReactNode }) {
  const inShell = Boolean((useRouteLoaderData("root") as { shell?: unknown } | undefined)?.shell);
  if (!inShell) return <BrandedPage labelledBy="continuar-acceso">{children}</BrandedPage>;
  return (
    <section
      aria-labelledby="continuar-acceso"
      className="mx-auto my-10 flex w-full max-w-lg flex-col items-center gap-5 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      {children}
    </section>
  );
}

export default function AccessLink() {
  const { token, as, replaces, cancelTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const continueText = t("accessLink.continue", { person: as.person, company: as.company });
  return (
    <Frame>
      <h1 id="continuar-acceso" className="text-2xl font-bold">
        {t("accessLink.title")}
      </h1>
      <p className="text-slate-700 dark:text-slate-200">{t("accessLink.from")}</p>
      <p className="w-full rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-800">
        <span className="block text-lg font-semibold">{as.person}</span>
        <span className="block text-slate-700 dark:text-slate-200">{as.company}</span>
      </p>
      {replaces ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {replaces === "unnamed"
            ? t("accessLink.replacesUnnamed")
            : t("accessLink.replaces", { person: replaces.person, company: replaces.company })}
        </p>
      ) : null}
      <Form method="post" action="/access" reloadDocument className="w-full">
        <AuthenticityTokenInput />
        <input type="hidden" name="jwt" value={token} />
        <SubmitButton pendingText={t("accessLink.entering")} className="w-full">
          {continueText}
        </SubmitButton>
      </Form>
      <Link to={cancelTo} className="text-sm font-semibold text-brand-700 underline dark:text-brand-300">
        {replaces && replaces !== "unnamed" ? t("accessLink.stay", { person: replaces.person }) : t("accessLink.notMe")}
      </Link>
      {replaces ? null : <p className="text-xs text-slate-600 dark:text-slate-300">{t("accessLink.notMeHint")}</p>}
    </Frame>
  );
}

export const handle: PageHandle = { namespaces: { auth }, titleKey: "auth:accessLink.meta" };
