import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";

import { surveySchema } from "#core/domain/overlays";
import texts from "#core/locales/es-MX/common.json";
import overlayTexts from "#core/locales/es-MX/overlays.json";
import { safeRedirectPath, withoutParams, withParams } from "#core/url";
import { commitSession, newToast, requireAccess } from "#server/session/auth.server";
import { readForm } from "#server/session/csrf.server";
import { isUpstreamError } from "#server/upstream/errors";

/** Nothing to show: a visit (or Back after a post) goes to the dashboard. */
export function loader() {
  return redirect("/");
}

const intentSchema = z.enum(["cerrar", "revisar", "encuesta"]);

/**
 * The global overlay's actions (§2, §7 ignoreModal, the survey answer): 'Entendido' / 'Ahora no'
 * (intent `cerrar`: the product stops showing it), 'Revisar mis datos' (intent `revisar`: the
 * settings drawer, shown again in a later session until the data is confirmed) and 'Enviar' on a
 * survey (intent `encuesta`: validated here always; refused input comes back to the survey with its
 * messages and what was typed). Either way the overlay is done for this session.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess(request, context);
  const form = await readForm(request);
  const back = withoutParams(safeRedirectPath(form.get("redirectTo")), ["aviso"]);
  const intent = intentSchema.safeParse(form.get("intent"));
  const overlay = access.session.get("overlay");
  const pending = overlay?.pending ?? null;
  if (!intent.success || !pending) return redirect(back);
  const product = access.api.product;
  const done = async (to: string) => {
    access.session.set("overlay", { pending: null, registered: overlay?.registered ?? false });
    return redirect(to, { headers: { "Set-Cookie": await commitSession(access.session) } });
  };

  try {
    if (intent.data === "revisar") return await done(withParams(back, { drawer: "configuracion", tab: "datos" }));
    if (intent.data === "cerrar") {
      await Promise.all(pending.flagIds.map((id) => product.ignoreModal(id)));
      return await done(back);
    }
    const kind = pending.overlay === "encuesta-csat" ? "csat" : pending.overlay === "encuesta-nps" ? "nps" : null;
    if (!kind) return redirect(back);
    const submission = parseWithZod(form, { schema: surveySchema(kind) });
    if (submission.status !== "success") {
      access.session.flash("surveyResult", submission.reply());
      return redirect(back, { headers: { "Set-Cookie": await commitSession(access.session) } });
    }
    await product.answerSurvey({ modalId: pending.flagIds[0], kind, ...submission.value });
    context.log.info({ event: "survey_answered", kind }, "survey answered");
    return await done(withParams(back, { aviso: "gracias" }));
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    context.log.warn({ event: "overlay_action_failed", intent: intent.data, failure: error.failure }, "overlay action failed");
    access.session.flash("toast", newToast("error", texts.generic.error, overlayTexts.overlays.failed));
    return done(back);
  }
}
