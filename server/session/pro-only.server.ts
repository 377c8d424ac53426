import texts from "#core/locales/es-MX/flash.json";

import { newToast, redirectWithToast } from "./auth.server";

/**
 * A Pro-only screen opened by a member without Pro (§6; decisions 045, 046): back to the dashboard,
 * told why, instead of a silent redirect, with the way to the membership page (decision
 * 061). Throws the redirect.
 */
export async function sendAwayFromProFeature(request: Request, feature: keyof typeof texts.proOnly): Promise<never> {
  const { title, description } = texts.proOnly[feature];
  const toast = { ...newToast("info", title, description), link: { href: "/membresias", label: texts.proOnlyLink } };
  throw await redirectWithToast(request, "/", toast);
}
