import type { SubmissionResult } from "@conform-to/react";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";

import { contactLinks } from "#core/contact-links";
import { needsTouch } from "#core/domain/session-timing";
import type { ThemeChoice } from "#core/domain/theme";
import { THEME_CHOICES, themeAttribute, themeFrom } from "#core/domain/theme";
import common from "#core/locales/es-MX/common.json";
import { withoutParams, withParams } from "#core/url";
import type { ContactView } from "#server/contact/contact.server";
import type { SessionData } from "#server/session/types";
import { ErrorPage } from "~/components/errors/error-boundary";
import { LiveChannelContext, useLiveChannelSource } from "~/components/live/live-channel";
import { useLiveNotifications } from "~/components/notifications/use-live-notifications";
import { AppShell } from "~/components/shell/AppShell";
import { Notices } from "~/components/shell/Notices";
import {
  CompanyChangeError,
  ContactDrawer,
  GlobalOverlay,
  LogoutDialog,
  NotificationCentre,
  preloadShellOverlays,
  preloadShellOverlaysWhenIdle,
  SettingsDrawer,
} from "~/components/shell/overlays-on-demand";
import { SessionGuardian } from "~/components/shell/SessionGuardian";
import type { SettingsContact } from "~/components/shell/SettingsDrawer";
import { useSignedOutAnnouncement } from "~/components/shell/tab-channel";
import { useCloseToastTimer } from "~/components/shell/use-close-toast";
// Not on demand (decision 112): the welcome is in the first page after a login, whose hydration would wait for its chunk.
import { Splash } from "~/components/ui/Splash";
import { SPLASH_MS, WELCOME_MS } from "~/components/ui/splash-timing";
import { Toast, TOAST_MS } from "~/components/ui/Toast";
import { useTranslation } from "~/i18n";
import { LOCALE } from "~/i18n";
import { useNonce } from "~/nonce";
import {
  authStateOf,
  callContext,
  closeMarketToast,
  commitSession,
  csrfTokenFor,
  getSession,
  isNotificationCentreOpen,
  isSessionOver,
  json,
  loadContactView,
  loadNotificationCentre,
  markSeen,
  needsPermissionsFeature,
  NO_RETRY,
  notificationsFor,
  optional,
  pendingOverlay,
  seenUpTo,
  sessionClock,
  shellData,
  shellNotices,
  showsContact,
  themeOf,
  toastSinceLastTold,
  UNBOUNDED,
  unreadSummary,
  upstreams,
} from "~/server-imports/root";
import { Stylesheet } from "~/stylesheet";
import tailwind from "~/tailwind.css";
import type { PageHandle } from "~/utils/page-title";
import { useNoScriptRefresh, usePageNotices, usePageTitle, usePageToast } from "~/utils/page-title";

/** The stylesheet is not among the links: `<Stylesheet>` inlines it or links it (decision 065). */
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  context.log.info({ event: "page_view", path: url.pathname }, "page view");

  const session = await getSession(request);
  const state = authStateOf(session);
  const toast = session.get("toast") ?? null;
  const splash = session.get("splash") ?? false;
  const welcome = session.get("welcome") ?? false;
  const modal = session.get("modal") ?? null;
  const active = state === "accessState" && !isSessionOver(session);
  const now = Date.now();
  const touch = active && needsTouch(now, session.get("lastSeenAt") ?? 0);
  if (touch) session.set("lastSeenAt", now);

  // §4's close-market toast waits while the page has a flash of its own: the next page tells it.
  const closing =
    active && !toast
      ? await closeMarketToast(
          { ...callContext(request, context), retry: NO_RETRY, timeoutMs: 2_000 },
          session.get("productJwt") ?? "",
          session.get("closeToastOn") ?? null,
          now,
        )
      : null;
  if (closing?.toast) session.set("closeToastOn", closing.day);

  const surveyResult = session.get("surveyResult") ?? null;
  const contactResult = session.get("contactResult") ?? null;
  const [overlayChanged, featureChanged] = active
    ? await Promise.all([settleOverlay(request, context, session, url), settlePermissionsFeature(request, context, session)])
    : [false, false];

  const [[csrfToken, csrfCookie], theme] = await Promise.all([csrfTokenFor(request), themeOf(request)]);
  const headers = new Headers();
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);
  // Reading a flash consumes it, which must be saved; so must a new "last seen" and the overlay's state.
  if (toast || closing?.toast || splash || welcome || modal || touch || surveyResult || contactResult || overlayChanged || featureChanged)
    headers.append("Set-Cookie", await commitSession(session));
  const overlay = active && overlayShownOn(url) ? (session.get("overlay")?.pending?.overlay ?? null) : null;

  const expiresAt = session.get("expiresAt") ?? now;
  const startedAt = session.get("startedAt");
  const productJwt = session.get("productJwt") ?? "";
  const [[notificationCentre, unread], notices, membership, contact] = active
    ? await Promise.all([
        loadNotifications(request, context, productJwt),
        shellNotices(
          { ...callContext(request, context), retry: NO_RETRY, timeoutMs: 2_000 },
          productJwt,
          session.get("dismissedBanners") ?? [],
        ),
        shellMembership(request, context, productJwt),
        // The settings drawer's user data and the contact drawers read the profile (decision 059).
        showsContact(url)
          ? loadContactView(
              upstreams(callContext(request, context), { productJwt }).contact,
              session.get("memberId") ?? "",
              url,
              context.log,
            )
          : null,
      ])
    : [[null, { count: 0, recent: [] }], null, null, null];
  // Without JavaScript nobody is left blind: what arrived since the last page is this page's toast.
  const noticeToast =
    active && !toast && !closing?.toast
      ? await toastSinceLastTold(
          { seenUpTo: () => seenUpTo(session.id), markSeen: (createdAt) => markSeen(session.id, createdAt) },
          unread.recent,
        ).catch(() => null)
      : null;
  const unreadNotifications = unread.count;
  return json(
    {
      csrfToken,
      theme,
      toast: toast ?? closing?.toast ?? noticeToast,
      closeToastInMs: closing?.dueInMs ?? null,
      splash,
      welcome,
      modal,
      shell: active ? shellData(session.data as SessionData, url.pathname, membership, now) : null,
      notificationCentre,
      notices,
      overlay,
      surveyResult: surveyResult as SubmissionResult<string[]> | null,
      contact,
      contactResult: contactResult as { channel: "email" | "whatsapp"; step: "input" | "sent"; result: SubmissionResult<string[]> } | null,
      thanks: active && url.searchParams.get("aviso") === "gracias",
      unreadNotifications,
      countedNotificationIds: unread.recent.map((notification) => String(notification.id)),
      clock: active ? sessionClock(now, expiresAt, startedAt) : null,
    },
    { headers },
  );
}

/** The global overlay waits while another dialog or drawer is open, and off the challenge's result page. */
function overlayShownOn(url: URL): boolean {
  return (
    !url.searchParams.has("drawer") && !url.searchParams.has("dialogo") && !url.searchParams.has("aviso") && url.pathname !== "/transaction"
  );
}

/**
 * The session's global overlay (§2): chosen once, at its first page (the modal flags, the rebrand
 * flag and the company, in a 2 s, no-retry read), and reported to the product as shown the first time
 * it is on a page (registerModal, in the background). Answers whether the session changed.
 */
async function settleOverlay(
  request: Request,
  context: LoaderFunctionArgs["context"],
  session: Awaited<ReturnType<typeof getSession>>,
  url: URL,
) {
  let overlay = session.get("overlay");
  let changed = false;
  const productJwt = session.get("productJwt") ?? "";
  const ctx = { ...callContext(request, context), retry: NO_RETRY, timeoutMs: 2_000 };
  if (!overlay) {
    overlay = { pending: await pendingOverlay(ctx, productJwt, session.get("companyId") ?? ""), registered: false };
    changed = true;
  }
  if (overlay.pending && !overlay.registered && overlayShownOn(url)) {
    const product = upstreams({ log: context.log, budget: UNBOUNDED, retry: NO_RETRY, timeoutMs: 5_000 }, { productJwt }).product;
    for (const id of overlay.pending.flagIds) {
      product
        .registerModal(id)
        .catch((error: unknown) => context.log.warn({ event: "register_modal_failed", err: String(error) }, "registerModal failed"));
    }
    overlay = { ...overlay, registered: true };
    changed = true;
  }
  if (changed) session.set("overlay", overlay);
  return changed;
}

/**
 * The company's permissions feature for the sidebar's approve label (§2 Shell, decision 060): read
 * once per administrator's session and company, in a 2 s, no-retry read; a failure leaves the
 * label as 'Gestión de pagos' and is read again on the next page. Answers whether the session changed.
 */
async function settlePermissionsFeature(
  request: Request,
  context: LoaderFunctionArgs["context"],
  session: Awaited<ReturnType<typeof getSession>>,
) {
  if (!needsPermissionsFeature(session.data as Partial<SessionData>)) return false;
  const companyId = session.get("companyId") ?? "";
  const ctx = { ...callContext(request, context), retry: NO_RETRY, timeoutMs: 2_000 };
  try {
    const enabled = await upstreams(ctx, { productJwt: session.get("productJwt") ?? "" }).collaborators.permissionsFeatureEnabled();
    session.set("permissionsFeature", { companyId, enabled });
    return true;
  } catch (error) {
    context.log.warn({ event: "permissions_flag_unavailable", err: error instanceof Error ? error.message : String(error) }, "flag unread");
    return false;
  }
}

/**
 * The bell's count on every page, and the centre when its drawer is open (§4: opening the centre
 * sets the count to 0). The bell must not hold a page: one attempt, 2 s at most; a failure is 0.
 */
async function loadNotifications(request: Request, context: LoaderFunctionArgs["context"], productJwt: string) {
  const url = new URL(request.url);
  const client = notificationsFor({ ...callContext(request, context), retry: NO_RETRY, timeoutMs: 2_000 }, productJwt);
  const source = { client, log: context.log };
  const none = { count: 0, recent: [] };
  return Promise.all([loadNotificationCentre(source, url), isNotificationCentreOpen(url) ? none : unreadSummary(source)]);
}

/** Where the contact drawers and 'Recibir información en mi WhatsApp' post (app/routes/contacto.tsx). */
const CONTACT_ACTION = "/contacto";

/** 'Datos de contacto' of the settings drawer, with the links to the contact drawers over this page. */
function settingsContact(contact: ContactView | null, here: string): SettingsContact | null {
  if (!contact) return null;
  const base = contactLinks.base(here);
  if ("unavailable" in contact) return { unavailable: true, retryHref: here };
  const row = (channel: "email" | "whatsapp") => ({
    ...contact.summary[channel],
    editHref: contactLinks.input(base, channel),
  });
  return {
    email: row("email"),
    whatsapp: row("whatsapp"),
    whatsappInfo: contact.summary.whatsappInfo,
    action: CONTACT_ACTION,
    redirectTo: base,
  };
}

/**
 * The membership for the menu (the market is Pro only) and the trial countdown, read on every page
 * (decision 061: never kept in the session, so an upgrade shows at once). Like the bell it must not
 * hold a page: one attempt, 2 s at most; a failure leaves the Pro item out until the next page.
 */
async function shellMembership(request: Request, context: LoaderFunctionArgs["context"], productJwt: string) {
  const api = upstreams({ ...callContext(request, context), retry: NO_RETRY, timeoutMs: 2_000 }, { productJwt });
  return optional(api.membership.current(), null, { log: context.log, event: "shell_membership_unavailable" });
}

/** Where 'Apariencia' posts (app/routes/tema.tsx). */
const THEME_ACTION = "/tema";

/** The shell's texts; each page adds its own (decision 039), each on-demand drawer too (decision 069). */
export const handle: PageHandle = { namespaces: { common } };

/** The root carries the toast and the page-view log: run it on every navigation. */
export const shouldRevalidate = () => true;

/**
 * The theme on `<html>` (decision 051): the cookie's, rendered by the server so the first paint is right;
 * while 'Apariencia' is being sent, the choice being sent, so it shows at once.
 */
function useTheme(): ThemeChoice {
  const data = useRouteLoaderData<typeof loader>("root");
  const navigation = useNavigation();
  if (navigation.formAction === THEME_ACTION && navigation.formData) return themeFrom(navigation.formData.get("tema"));
  return data?.theme ?? themeFrom(undefined);
}

function Document({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const refresh = useNoScriptRefresh();
  return (
    <html lang={LOCALE} data-theme={themeAttribute(useTheme())}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{usePageTitle()}</title>
        <Meta />
        <Stylesheet href={tailwind} nonce={nonce} />
        <Links />
        {refresh ? (
          <noscript>
            <meta httpEquiv="refresh" content={String(refresh)} />
          </noscript>
        ) : null}
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const {
    csrfToken,
    theme,
    toast,
    splash,
    welcome,
    modal,
    shell,
    clock,
    notificationCentre,
    notices,
    overlay,
    surveyResult,
    contact,
    contactResult,
    thanks,
    unreadNotifications,
    countedNotificationIds,
    closeToastInMs,
  } = useLoaderData<typeof loader>();
  const channel = useLiveChannelSource(Boolean(shell), useLivePairs());
  // The closed drawers and dialogs load with the first navigation, which may open one (decision 065), or
  // once the page is idle, whichever comes first (decision 069).
  const navigating = useNavigation().state !== "idle";
  useEffect(() => {
    if (navigating) preloadShellOverlays();
  }, [navigating]);
  useEffect(preloadShellOverlaysWhenIdle, []);
  // The loader says it once (a flash): a revalidation soon after hydration must not take the welcome away mid-count.
  const [welcomed] = useState(welcome);
  const pageToast = usePageToast();
  const pageNotices = usePageNotices();
  const live = useLiveNotifications(shell ? channel : null, {
    count: unreadNotifications,
    countedIds: countedNotificationIds,
    toast: pageToast ?? toast,
  });
  useSignedOutAnnouncement(Boolean(shell));
  useCloseToastTimer(closeToastInMs);
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const here = `${location.pathname}${location.search}`;
  const drawer = params.get("drawer");
  const dialog = params.get("dialogo");
  const productName = t("product.name");

  const page = shell ? (
    <AppShell
      overlay={
        <GlobalOverlay
          overlay={overlay}
          surveyResult={surveyResult}
          thanks={thanks}
          action="/aviso"
          redirectTo={here}
          closeThanksHref={withoutParams(here, ["aviso"])}
          csrfToken={<AuthenticityTokenInput />}
        />
      }
      notices={
        notices ? (
          <Notices
            banners={notices.banners}
            serviceOnline={notices.serviceOnline}
            pageNotices={pageNotices}
            dismissAction="/avisos"
            redirectTo={here}
            csrfToken={<AuthenticityTokenInput />}
          />
        ) : null
      }
      sidebar={
        shell.showSidebar
          ? {
              items: shell.menu.map((item) => ({
                key: item.key,
                label: t(item.labelKey),
                href: item.href,
                icon: item.icon,
                badge: item.badgeKey ? t(item.badgeKey) : undefined,
                activePaths: item.activePaths,
              })),
              currentPath: location.pathname,
              phone: shell.phone,
              userShortName: shell.user.shortName,
              avatarInitials: shell.user.initials,
              settingsHref: withParams(here, { drawer: "configuracion", tab: "empresas" }),
              logoutHref: withParams(here, { dialogo: "cerrar-sesion" }),
              termsHref: "/terminos-condiciones",
              privacyHref: "/terminos-condiciones#aviso-de-privacidad",
            }
          : null
      }
      topBar={
        shell.titleKey
          ? {
              title: t(shell.titleKey),
              contactHref: shell.contactHref,
              unreadCount: live.count,
              notificationsHref: withParams(here, { drawer: "notificaciones" }),
              notificationsOpen: drawer === "notificaciones",
              company: {
                name: shell.company.businessName,
                changeHref: shell.companies.length > 1 ? withParams(here, { drawer: "configuracion", tab: "empresas" }) : null,
              },
              trial: shell.membership?.trialDays ? { days: shell.membership.trialDays, href: "/membresias" } : null,
            }
          : undefined
      }
    >
      <Outlet />
      <NotificationCentre centre={notificationCentre} />
      <SettingsDrawer
        open={drawer === "configuracion"}
        closeHref={withoutParams(here, ["drawer", "tab"])}
        tab={params.get("tab") === "datos" ? "datos" : "empresas"}
        tabHrefs={{
          empresas: withParams(here, { drawer: "configuracion", tab: "empresas" }),
          datos: withParams(here, { drawer: "configuracion", tab: "datos" }),
        }}
        companies={shell.companies}
        currentCompanyId={shell.company.clientId}
        changeCompanyAction="/empresa"
        csrfToken={<AuthenticityTokenInput />}
        user={{
          name: shell.user.fullName,
          profileLabel: t(`profile.${shell.user.profileType}`),
          companyName: shell.company.businessName,
        }}
        contact={settingsContact(contact, here)}
        isAdmin={shell.isAdmin}
        appearance={{ choices: THEME_CHOICES, current: theme, action: THEME_ACTION, redirectTo: here }}
        collaboratorsHref={shell.isAdmin ? "/configuracion/colaboradores" : undefined}
        activationRequestHref={shell.offersActivationRequest ? "/configuracion/colaboradores?dialogo=solicitar-activacion" : undefined}
        membership={{ name: shell.membership?.name ?? null, href: "/membresias" }}
      />
      {contact && "drawer" in contact && contact.drawer ? (
        <ContactDrawer
          key={`${contact.drawer.channel}-${contact.drawer.step}-${contact.drawer.update}`}
          view={contact.drawer}
          lastResult={
            contactResult && contactResult.channel === contact.drawer.channel && contactResult.step === contact.drawer.step
              ? contactResult.result
              : null
          }
          action={CONTACT_ACTION}
          redirectTo={contactLinks.base(here)}
          closeHref={contactLinks.settings(contactLinks.base(here))}
          editHref={contactLinks.input(contactLinks.base(here), contact.drawer.channel, true)}
          serverNow={clock?.serverNow ?? 0}
          csrfToken={<AuthenticityTokenInput />}
        />
      ) : null}
      <LogoutDialog
        open={dialog === "cerrar-sesion" || dialog === "inactividad"}
        cancelHref={withoutParams(here, ["dialogo"])}
        action="/logout"
        csrfToken={<AuthenticityTokenInput />}
        productName={productName}
        variant={dialog === "inactividad" ? "inactivity" : "normal"}
      />
      <CompanyChangeError open={modal === "companyChangeError"} closeHref={withoutParams(here, [])} />
      {clock ? <SessionGuardian clock={clock} inactivityOpen={dialog === "inactividad"} /> : null}
    </AppShell>
  ) : (
    <Outlet />
  );

  return (
    <AuthenticityTokenProvider token={csrfToken}>
      <Document>
        <LiveChannelContext.Provider value={shell ? channel : null}>{page}</LiveChannelContext.Provider>
        {splash ? (
          <Splash key="update" text={t("company.splash")} durationMs={SPLASH_MS} />
        ) : welcomed ? (
          <Splash key="welcome" variant="welcome" text={t("splash.welcome")} durationMs={WELCOME_MS} />
        ) : null}
        {/* Under a splash (a company change, a login's welcome) the toast waits out the splash, then shows its 5 s. */}
        <Toast toast={live.toast} durationMs={splash ? SPLASH_MS + TOAST_MS : welcome ? WELCOME_MS + TOAST_MS : TOAST_MS} />
      </Document>
    </AuthenticityTokenProvider>
  );
}

/** The pairs the page shows live: the deepest route's `handle.livePairs`, else its `handle.livePair`. */
function useLivePairs(): string[] {
  for (const match of [...useMatches()].reverse()) {
    const handle = match.handle as PageHandle | undefined;
    const several = handle?.livePairs?.(match.data);
    if (several && several.length > 0) return several;
    const one = handle?.livePair?.(match.data);
    if (typeof one === "string") return [one];
  }
  return [];
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <Document>
      <ErrorPage error={error} />
    </Document>
  );
}
