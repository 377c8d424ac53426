import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import type { MembershipAction } from "#core/domain/membership";
import { membershipFormSchema } from "#core/domain/membership";
import { buttonClass } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/Field";
import { Modal, ModalActions } from "~/components/ui/Modal";
import { SelectField } from "~/components/ui/SelectField";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useForm } from "~/components/ui/use-form";
import type { Translate } from "~/i18n";
import { Trans, useTranslation } from "~/i18n";

import type { MembershipView } from "./MembershipSummary";
import { TermsConsent } from "./TermsConsent";

export type MembershipDialogsProps = {
  dialog: MembershipAction;
  view: MembershipView;
  /** The company's peso accounts (the fee is charged in pesos). */
  accounts: Array<{ idAccount: string; label: string }>;
  currentAccountId: string | null;
  /** The upgrade's Idempotency-Key, rendered into its form (decisions 012, 029). */
  idempotencyKey: string | null;
  closeHref: string;
  lastResult: SubmissionResult<string[]> | null;
};

const TEXTS = {
  mejorar: { ns: "upgrade", tone: "default" },
  cancelar: { ns: "cancel", tone: "error" },
  reanudar: { ns: "resume", tone: "default" },
  cuenta: { ns: "account", tone: "default" },
} as const;

/**
 * The confirmation of each membership change (decision 061), a modal addressed by ?dialogo= with a
 * native form: the one schema checks it in the browser when JS is there and in the action always;
 * a refusal (no funds, a failure) shows inside the modal, keeping the account chosen.
 */
export function MembershipDialogs({
  dialog,
  view,
  accounts,
  currentAccountId,
  idempotencyKey,
  closeHref,
  lastResult,
}: MembershipDialogsProps) {
  const { t } = useTranslation("membership");
  const { ns, tone } = TEXTS[dialog];
  const formId = `membresia-${dialog}`;
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: membershipFormSchema }),
  });
  const total = view.price?.total ?? "";
  const description =
    dialog === "mejorar"
      ? upgradeCopy(t, view, total)
      : dialog === "cancelar"
        ? t("cancel.copy", { date: view.nextPayment ?? "" })
        : dialog === "reanudar"
          ? t("resume.copy", { date: view.nextPayment ?? "", total })
          : t("account.copy");
  const withAccount = dialog === "mejorar" || dialog === "cuenta";
  const noAccounts = withAccount && accounts.length === 0;
  const fallback = accounts.find((account) => account.idAccount === currentAccountId)?.idAccount ?? accounts[0]?.idAccount;

  return (
    <Modal open id={`dialogo-${dialog}`} title={t(`${ns}.title`)} description={description} closeHref={closeHref} tone={tone}>
      <Form method="post" {...getFormProps(form)} preventScrollReset className="flex flex-col gap-5 text-left">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value={dialog} />
        {dialog === "mejorar" && idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
        {withAccount && !noAccounts ? (
          <SelectField meta={fields.accountId} label={t(dialog === "mejorar" ? "upgrade.account" : "account.label")} fallback={fallback}>
            {accounts.map((account) => (
              <option key={account.idAccount} value={account.idAccount}>
                {account.label}
              </option>
            ))}
          </SelectField>
        ) : null}
        {noAccounts ? <p className="text-sm text-slate-600 dark:text-slate-300">{t("upgrade.noAccounts")}</p> : null}
        {dialog === "mejorar" ? <TermsConsent meta={fields.terms} t={t} i18nKey="upgrade.terms" /> : null}
        <ErrorList id={form.errorId} errors={form.errors} />
        <ModalActions>
          <Link to={closeHref} preventScrollReset className={buttonClass("secondary")}>
            {t(`${ns}.back`)}
          </Link>
          <SubmitButton
            disabled={dialog === "cuenta" && noAccounts}
            variant={dialog === "cancelar" ? "danger" : "primary"}
            pendingText={t(`${ns}.sending`)}
          >
            {t(`${ns}.confirm`)}
          </SubmitButton>
        </ModalActions>
      </Form>
    </Modal>
  );
}

/**
 * What confirming charges, in the product's words for this company (decision 143): the trial and the day
 * of the first charge, or the fee today, the amount in bold; the old conditional only when the product
 * does not say which.
 */
function upgradeCopy(t: Translate, view: MembershipView, total: string) {
  const upgrade = view.upgrade;
  if (upgrade === null) return t("upgrade.copy", { total, days: view.proTrial ?? 0 });
  const key = upgrade.kind === "trial" ? "upgrade.copyTrial" : "upgrade.copyCharge";
  const values = upgrade.kind === "trial" ? { total, days: upgrade.days, date: upgrade.firstCharge } : { total };
  const filled: Translate = (name, options) => t(name, { ...values, ...options });
  return (
    <Trans
      t={filled}
      i18nKey={key}
      components={[<strong key="total" className="whitespace-nowrap font-semibold text-slate-900 dark:text-slate-100" />]}
    />
  );
}
