import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";

import texts from "#core/locales/es-MX/notifications.json";
import { safeRedirectPath } from "#core/url";
import { notificationBridge } from "#server/notifications/bridge.server";
import { unreadSummary } from "#server/notifications/centre.server";
import { newToast, redirectWithToast, requireAccess } from "#server/session/auth.server";
import { readForm } from "#server/session/csrf.server";
import { isUpstreamError } from "#server/upstream/errors";
import { notificationsFor } from "#server/upstream/notifications.server";
import { serverT } from "~/i18n.server";

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("leer"), id: z.string().trim().min(1).max(64) }),
  z.object({ intent: z.literal("leer-todas") }),
]);

/** Nothing to show: a visit (or Back after a post) goes to the dashboard. */
export function loader() {
  return redirect("/");
}

/**
 * The notification centre's two writes (§2): 'Marcar como leída' (intent `leer`, with `id`) and
 * 'Marcar todas como leídas' (intent `leer-todas`). Plain form posts that come back to the page
 * they were sent from (`redirectTo`), drawer and filters included.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess(request, context);
  const form = await readForm(request);
  const back = safeRedirectPath(form.get("redirectTo"));
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new Response("Solicitud inválida", { status: 400 });

  const notifications = notificationsFor(access.call, access.data.productJwt);
  try {
    if (parsed.data.intent === "leer") await notifications.markRead(parsed.data.id);
    else await notifications.markAllRead();
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    // Already gone or someone else's: nothing to mark, and nothing the person can do about it.
    if (error.status === 404) return redirect(back);
    context.log.warn(
      { event: "notifications_mark_failed", intent: parsed.data.intent, err: error.message },
      "marking notifications failed",
    );
    const t = serverT("common");
    const description = parsed.data.intent === "leer" ? texts.errors.markRead : texts.errors.markAllRead;
    return redirectWithToast(request, back, newToast("error", t("generic.error"), description));
  }
  // The member's other tabs set their bell to what is left unread (this one reads it on its next page).
  const { count } = await unreadSummary({ client: notifications, log: context.log }, 1);
  notificationBridge().announce(access.data.memberId, { kind: "count", to: count });
  return redirect(back);
}
