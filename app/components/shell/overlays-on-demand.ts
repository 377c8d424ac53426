import { withNamespaces } from "~/i18n";
import { onDemand, preloadOnDemand, whenIdle } from "~/utils/on-demand";

/**
 * The shell's drawers and dialogs, closed on nearly every page load: their code (about 8 KB gzip with
 * the drawer, the modal and their keyboard handling) comes when a page shows one — before hydration
 * when the server rendered it open, else at the first navigation (decision 065).
 */
/** The settings and notifications namespaces come with their drawers, not with the shell (decision 069). */
const settingsTexts = () => import("#core/locales/es-MX/settings.json").then((module) => module.default);
export const SettingsDrawer = onDemand("configuracion", () =>
  Promise.all([import("./SettingsDrawer"), settingsTexts()]).then(([module, settings]) =>
    withNamespaces({ settings }, module.SettingsDrawer),
  ),
);
export const NotificationCentre = onDemand("notificaciones", () =>
  Promise.all([
    import("~/components/notifications/NotificationCentre"),
    import("#core/locales/es-MX/notifications.json").then((module) => module.default),
  ]).then(([module, notifications]) => withNamespaces({ notifications }, module.NotificationCentre)),
);
/** The session's and the overlays' texts come with the dialogs that show them, not with the shell (decision 075). */
const sessionTexts = () => import("#core/locales/es-MX/session.json").then((module) => module.default);
export const LogoutDialog = onDemand("cerrar-sesion", () =>
  Promise.all([import("./LogoutDialog"), sessionTexts()]).then(([module, session]) => withNamespaces({ session }, module.LogoutDialog)),
);
export const CompanyChangeError = onDemand("error-empresa", () =>
  import("./CompanyChangeError").then((module) => module.CompanyChangeError),
);
/** The contact drawers (decision 059) carry their forms' schemas: zod stays out of the shell (decisions 065, 069). */
export const ContactDrawer = onDemand("contacto", () =>
  Promise.all([import("~/components/contact/ContactDrawer"), settingsTexts()]).then(([module, settings]) =>
    withNamespaces({ settings }, module.ContactDrawer),
  ),
);
export const GlobalOverlay = onDemand("aviso-global", () =>
  Promise.all([import("./GlobalOverlay"), import("#core/locales/es-MX/overlays.json").then((module) => module.default)]).then(
    ([module, overlays]) => withNamespaces({ overlays }, module.GlobalOverlay),
  ),
);

/** The session-expiry warning (§4) shows on a timer, never at a first paint's need. */
export const SessionExpiring = onDemand("sesion-por-expirar", () =>
  Promise.all([import("./SessionExpiring"), sessionTexts()]).then(([module, session]) =>
    withNamespaces({ session }, module.SessionExpiring),
  ),
);

const SHELL_OVERLAYS = [
  "configuracion",
  "contacto",
  "notificaciones",
  "cerrar-sesion",
  "error-empresa",
  "aviso-global",
  "sesion-por-expirar",
  // The toast's card (decision 075): a navigation or the live channel may bring one.
  "aviso-toast",
];

/** A navigation may open any of them: their chunks load alongside its request. */
export const preloadShellOverlays = () => preloadOnDemand(SHELL_OVERLAYS);

/**
 * Once the page is idle after hydrating (decision 069), the overlays load anyway: the first click on the
 * bell or a session warning on a timer then finds its chunk here, and none of it weighs on the first
 * load. Not the contact drawers: only the settings drawer leads to them (a navigation, which loads them),
 * and their forms' zod and calendar would be evaluated on every page for nothing. Answers how to cancel it.
 */
export function preloadShellOverlaysWhenIdle(): () => void {
  return whenIdle(() => preloadOnDemand(SHELL_OVERLAYS.filter((name) => name !== "contacto")), 5_000, 2_000);
}
