import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";

import { DASHBOARD_TOUR, TOUR_PARAM } from "#core/domain/tour";
import { safeRedirectPath, withoutParams } from "#core/url";
import { newToast, redirectWithToast, requireAccess } from "#server/session/auth.server";
import { readForm } from "#server/session/csrf.server";
import { recordTour } from "#server/trading/tour.server";
import { isUpstreamError } from "#server/upstream/errors";
import { serverT } from "~/i18n.server";

/** Nothing to show: a visit (or Back after a post) goes to the dashboard. */
export function loader() {
  return redirect("/");
}

const tourForm = z.object({ tour: z.literal(DASHBOARD_TOUR), redirectTo: z.string().max(2048).optional() });

/**
 * 'Terminar' or 'Omitir recorrido' (§2 guided tour): the tour is recorded as seen (§7 GraphQL) and the
 * person goes back to the page without the tour. A plain form post.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess(request, context);
  const form = await readForm(request);
  const back = withoutParams(safeRedirectPath(form.get("redirectTo")), [TOUR_PARAM]);
  const parsed = tourForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return redirect(back);
  try {
    await recordTour(access, parsed.data.tour);
    context.log.info({ event: "tour_recorded", tour: parsed.data.tour }, "tour recorded");
    return redirect(back);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    context.log.warn({ event: "tour_unrecorded", failure: error.failure, status: error.status }, "tour not recorded");
    return redirectWithToast(request, back, newToast("error", serverT("common")("generic.error"), serverT("flash")("tour.unrecorded")));
  }
}
