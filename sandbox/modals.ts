// The product's modal flags (§3 Modal flags, §7 showModal / ignoreModal / registerModal /
// showRebrandModal) and the survey answers §7 names no call for (POST /api/surveys/answers; CONTRACT.md).

import { z } from "zod";

import { findMemberByUserName, type SandboxContext } from "./context";
import { HttpError, json, parseWith, type RequestContext, type Router } from "./http";
import { authenticateMember } from "./product";
import { MODAL_NAMES, type ModalFlagRecord } from "./types";

const idQuery = z.object({ id: z.coerce.number().int().min(1).max(MODAL_NAMES.length) });
const answerInput = z
  .object({
    modalId: z.number().int().min(1).max(MODAL_NAMES.length),
    kind: z.enum(["csat", "nps"]),
    score: z.number().int().min(1),
    comments: z.string().max(500).default(""),
  })
  .refine((answer) => answer.score <= (answer.kind === "csat" ? 5 : 10), { message: "score out of range", path: ["score"] });

export function registerModalRoutes(router: Router, ctx: SandboxContext): void {
  const { state } = ctx;
  const flagsOf = (memberId: number) => state.modalFlags.filter((flag) => flag.memberId === memberId);
  const flagOf = (request: RequestContext, id: number): ModalFlagRecord => {
    const { member } = authenticateMember(ctx, request);
    const flag = flagsOf(member.memberId).find((candidate) => candidate.id === id);
    if (!flag) throw new HttpError(404, "Modal no encontrado", "MODAL_NOT_FOUND");
    return flag;
  };
  const view = (flag: ModalFlagRecord) => ({ id: flag.id, show: flag.show, modal: flag.modal });

  router
    .get("/api/showModal", (request) => {
      const { member } = authenticateMember(ctx, request);
      const flags = flagsOf(member.memberId).filter((flag) => flag.modal !== "rebrand");
      const body: Record<string, unknown> = Object.fromEntries(flags.map((flag) => [flag.modal, view(flag)]));
      // Shared flags of §3: the banner toggle and the role-permission modal (not used by this demo).
      body.showBanner = true;
      body.showRolPermission = false;
      return json(200, body);
    })
    .get("/api/showRebrandModal", (request) => {
      const { member } = authenticateMember(ctx, request);
      const rebrand = flagsOf(member.memberId).find((flag) => flag.modal === "rebrand");
      return json(200, { show: rebrand?.show ?? false, id: rebrand?.id ?? null });
    })
    .get("/api/ignoreModal", (request) => {
      const flag = flagOf(request, parseWith(idQuery, Object.fromEntries(request.query)).id);
      flag.show = false;
      return json(200, view(flag));
    })
    .put("/api/registerModal", (request) => {
      const flag = flagOf(request, parseWith(idQuery, Object.fromEntries(request.query)).id);
      flag.shown += 1;
      return json(200, { ...view(flag), shown: flag.shown });
    })
    .post("/api/surveys/answers", (request) => {
      const { member } = authenticateMember(ctx, request);
      const answer = parseWith(answerInput, request.body);
      const flag = flagsOf(member.memberId).find((candidate) => candidate.id === answer.modalId);
      if (!flag || flag.modal !== answer.kind) throw new HttpError(404, "Encuesta no encontrada", "SURVEY_NOT_FOUND");
      // Answering twice (a double submit) keeps the first answer.
      if (!flag.show) return json(200, { recorded: false });
      flag.show = false;
      state.surveyAnswers.push({ memberId: member.memberId, ...answer, at: ctx.now().toISOString() });
      return json(201, { recorded: true });
    })
    // Control endpoints: turn any member's flag on or off; read the survey answers recorded.
    .post("/__modal-flags", (request) => {
      const input = parseWith(z.object({ userName: z.string(), modal: z.enum(MODAL_NAMES), show: z.boolean() }), request.body);
      const member = findMemberByUserName(state, input.userName);
      const flag = member && flagsOf(member.memberId).find((candidate) => candidate.modal === input.modal);
      if (!flag) throw new HttpError(404, "Usuario no registrado", "USER_NOT_FOUND");
      flag.show = input.show;
      return json(200, view(flag));
    })
    .get("/__survey-answers", () => json(200, state.surveyAnswers));
}
