import { onDemand, preloadOnDemand } from "~/utils/on-demand";

/**
 * The shell's drawers and dialogs, closed on nearly every page load: their code (about 8 KB gzip with
 * the drawer, the modal and their keyboard handling) comes when a page shows one — before hydration
 * when the server rendered it open, else at the first navigation (decision 065).
 */
export const SettingsDrawer = onDemand("configuracion", () => import("./SettingsDrawer").then((module) => module.SettingsDrawer));
export const NotificationCentre = onDemand("notificaciones", () =>
  import("~/components/notifications/NotificationCentre").then((module) => module.NotificationCentre),
);
export const LogoutDialog = onDemand("cerrar-sesion", () => import("./LogoutDialog").then((module) => module.LogoutDialog));
export const CompanyChangeError = onDemand("error-empresa", () =>
  import("./CompanyChangeError").then((module) => module.CompanyChangeError),
);
/** The contact drawers (decision 059) carry their forms' schemas: zod stays out of the shell (decisions 065, 069). */
export const ContactDrawer = onDemand("contacto", () =>
  import("~/components/contact/ContactDrawer").then((module) => module.ContactDrawer),
);
export const GlobalOverlay = onDemand("aviso-global", () => import("./GlobalOverlay").then((module) => module.GlobalOverlay));

/** A navigation may open any of them: their chunks load alongside its request. */
export const preloadShellOverlays = () =>
  preloadOnDemand(["configuracion", "contacto", "notificaciones", "cerrar-sesion", "error-empresa", "aviso-global"]);
