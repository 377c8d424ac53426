import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import type { DecisionAnswer } from "#core/domain/approval";
import type { ApprovedBy } from "#server/approvals/approvals.server";
import type { OperationDetail } from "#server/history/view";
import { OperationSubject } from "~/components/history/OperationSubject";
import { buttonClass } from "~/components/ui/button";
import { Modal, ModalActions } from "~/components/ui/Modal";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useTranslation } from "~/i18n";

/**
 * The administrator's decision on one operation waiting for approval (decision 060): 'Aprobar' is
 * a form (to the bank's challenge), 'Anular' a link to the confirmation modal. Both are native, so
 * they work without JavaScript; the refusal of the last post for this operation shows beside them.
 * Once approved it waits for that administrator's key (decision 092): it says so, nobody
 * voids it, and only that administrator continues to the challenge.
 */
export function DecisionActions({
  id,
  idempotencyKey,
  voidHref,
  answer,
  approvedBy = null,
  layout = "row",
}: {
  id: string;
  idempotencyKey: string;
  voidHref: string;
  answer: DecisionAnswer | null | undefined;
  approvedBy?: ApprovedBy | null;
  layout?: "row" | "stack";
}) {
  const { t } = useTranslation("history");
  const problem = answer && answer.refusal.id === id && answer.refusal.kind !== "help" ? refusalText(answer, t) : null;
  const mayContinue = approvedBy === null || approvedBy.byMe;
  return (
    <div className="flex flex-col gap-3">
      {approvedBy ? (
        <p className="rounded-lg border border-pending/40 bg-amber-50 dark:border-amber-700/60 p-3 text-sm text-slate-900 dark:bg-amber-950/40 dark:text-slate-100">
          {approvedBy.byMe ? t("approval.approvedByMe") : t("approval.approvedBy", { name: approvedBy.name })}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="rounded-lg border border-failed/40 bg-red-50 p-3 text-sm text-failed dark:bg-red-950 dark:text-red-400">
          {problem}
        </p>
      ) : null}
      <div className={layout === "row" ? "flex flex-col gap-3 sm:flex-row sm:justify-end" : "flex flex-col gap-3"}>
        {approvedBy ? null : (
          <Link
            to={voidHref}
            preventScrollReset
            aria-label={t("approval.actions.voidNamed", { id })}
            className={buttonClass("secondary", layout === "stack" ? "w-full" : undefined)}
          >
            {t("approval.actions.void")}
          </Link>
        )}
        {mayContinue ? (
          <Form method="post" preventScrollReset className={layout === "stack" ? "w-full" : undefined}>
            <AuthenticityTokenInput />
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            <SubmitButton
              name="intent"
              value="aprobar"
              pendingText={t("approval.actions.approving")}
              className={layout === "stack" ? "w-full" : "w-full sm:w-auto"}
            >
              <span aria-hidden="true">{t(approvedBy ? "approval.actions.continue" : "approval.actions.approve")}</span>
              <span className="sr-only">{t(approvedBy ? "approval.actions.continueNamed" : "approval.actions.approveNamed", { id })}</span>
            </SubmitButton>
          </Form>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The operation drawer's decision card: what the decision moves (amount and payee, or a trade's two
 * amounts) right above 'Aprobar' (decision 137). Titled for what is left: 'Por aprobar: tu decisión',
 * then, once this administrator approved it, 'Falta tu clave' without the 'Al aprobar…' hint.
 */
export function DecisionCard({
  subject,
  idempotencyKey,
  voidHref,
  answer,
  approvedBy,
}: {
  subject: Pick<OperationDetail, "id" | "kind" | "amount" | "destination">;
  idempotencyKey: string;
  voidHref: string;
  answer: DecisionAnswer | null | undefined;
  approvedBy: ApprovedBy | null;
}) {
  const { t } = useTranslation("history");
  const title = approvedBy === null ? "approval.decisionTitle" : approvedBy.byMe ? "approval.keyTitle" : "notice.approved.title";
  return (
    <section
      aria-labelledby="operacion-decision"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <h3 id="operacion-decision" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        {t(title)}
      </h3>
      <p data-testid="decision-subject" className="text-base text-slate-900 tabular-nums dark:text-slate-100">
        <OperationSubject subject={subject} />
      </p>
      {approvedBy === null ? <p className="text-sm text-slate-600 dark:text-slate-300">{t("approval.challengeHint")}</p> : null}
      <DecisionActions id={subject.id} idempotencyKey={idempotencyKey} voidHref={voidHref} answer={answer} approvedBy={approvedBy} />
    </section>
  );
}

/**
 * A refusal for an operation no longer on the page (voided or sent meanwhile, so its card or its
 * decision is gone once the page is read again): said above the page, with the operation's number.
 */
export function DecisionRefusalNotice({ answer, shown }: { answer: DecisionAnswer | null | undefined; shown: readonly string[] }) {
  const { t } = useTranslation("history");
  if (!answer || answer.refusal.kind === "help" || shown.includes(answer.refusal.id)) return null;
  const text = refusalText(answer, t);
  if (!text) return null;
  return (
    <p role="alert" className="rounded-lg border border-failed/40 bg-red-50 p-3 text-sm text-failed dark:bg-red-950 dark:text-red-400">
      {t("approval.refusedOperation", { id: answer.refusal.id, message: text })}
    </p>
  );
}

function refusalText(answer: DecisionAnswer, t: (key: string) => string): string | null {
  const { refusal } = answer;
  if (refusal.kind === "limited" || refusal.kind === "lifecycle") return refusal.message;
  if (refusal.kind === "problem") return t(`approval.problems.${refusal.problem}`);
  return null;
}

/** §6 / §8: the bank's refusal with a help link ('Privilegios de mancomunación insuficientes'), as the calculator shows it. */
export function DecisionHelp({
  answer,
  closeHref,
  links,
}: {
  answer: DecisionAnswer | null | undefined;
  closeHref: string;
  links: { bank: string; whatsapp: string };
}) {
  const { t } = useTranslation(["transaction", "history"]);
  const help = answer?.refusal.kind === "help" ? answer.refusal : null;
  return (
    <Modal
      open={help !== null}
      id="aprobacion-rechazada"
      title={help ? t(`help.topics.${help.topic}.title`) : ""}
      description={help ? t(`help.topics.${help.topic}.description`) : undefined}
      tone="error"
      closeHref={closeHref}
    >
      {help ? (
        <ModalActions>
          <Link to={closeHref} className={buttonClass("secondary")}>
            {t("history:approval.helpOk")}
          </Link>
          <a href={links[help.target]} className={buttonClass("primary")}>
            {t(help.target === "whatsapp" ? "help.whatsapp" : "help.bank")}
          </a>
        </ModalActions>
      ) : null}
    </Modal>
  );
}

/** 'Anular': asks first, in a modal addressed by the URL; 'Sí, anular' posts the void. */
export function VoidDialog({
  open,
  id,
  amount,
  idempotencyKey,
  closeHref,
  answer,
  overDrawer = false,
}: {
  open: boolean;
  id: string;
  amount: string;
  idempotencyKey: string;
  closeHref: string;
  answer: DecisionAnswer | null | undefined;
  /** Asked from the operation drawer: the dialog sits over it (ui/Modal). */
  overDrawer?: boolean;
}) {
  const { t } = useTranslation("history");
  const problem = answer && answer.refusal.id === id && answer.refusal.kind !== "help" ? refusalText(answer, t) : null;
  return (
    <Modal
      open={open}
      id="anular-operacion"
      title={t("approval.voidDialog.title")}
      description={t("approval.voidDialog.description", { id, amount })}
      closeHref={closeHref}
      overDrawer={overDrawer}
    >
      {problem ? (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-failed/40 bg-red-50 p-3 text-sm text-failed dark:bg-red-950 dark:text-red-400"
        >
          {problem}
        </p>
      ) : null}
      <Form method="post" preventScrollReset>
        <AuthenticityTokenInput />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <ModalActions>
          <Link to={closeHref} preventScrollReset className={buttonClass("secondary")}>
            {t("approval.voidDialog.cancel")}
          </Link>
          <SubmitButton name="intent" value="anular" variant="danger" pendingText={t("approval.voidDialog.sending")}>
            {t("approval.voidDialog.confirm")}
          </SubmitButton>
        </ModalActions>
      </Form>
    </Modal>
  );
}
