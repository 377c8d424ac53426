// What app/root.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { loadContactView, showsContact } from "#server/contact/contact.server";
export { closeMarketToast } from "#server/notices/close-toast.server";
export { shellNotices } from "#server/notices/notices.server";
export { pendingOverlay } from "#server/notices/overlays.server";
export { isNotificationCentreOpen, loadNotificationCentre, unreadSummary } from "#server/notifications/centre.server";
export { toastSinceLastTold } from "#server/notifications/live.server";
export { markSeen, seenUpTo } from "#server/notifications/seen.server";
export { authStateOf, commitSession, getSession, isSessionOver } from "#server/session/auth.server";
export { csrfTokenFor } from "#server/session/csrf.server";
export { needsPermissionsFeature, sessionClock, shellData } from "#server/session/shell.server";
export { themeOf } from "#server/session/theme.server";
export { UNBOUNDED } from "#server/upstream/budget";
export { callContext } from "#server/upstream/budget.server";
export { upstreams } from "#server/upstream/index.server";
export { notificationsFor } from "#server/upstream/notifications.server";
export { optional } from "#server/upstream/optional.server";
export { NO_RETRY } from "#server/upstream/retry";
