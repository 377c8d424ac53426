import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";

import type { AccountView } from "#core/domain/accounts";
import { scheduleEditFields, scheduleEditSchema } from "#core/domain/recurring-form";
import { displayCurrency } from "#core/money";
import type { RecipientOption } from "#server/trading/accounts.server";
import type { ReasonOption } from "#server/trading/calculator.server";
import { ReasonAndConcept, RecipientOptions, useAccountLabel } from "~/components/trading/transfer-options";
import { AmountField } from "~/components/ui/AmountField";
import { buttonClass } from "~/components/ui/button";
import { SelectField } from "~/components/ui/SelectField";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useForm } from "~/components/ui/use-form";
import { useTranslation } from "~/i18n";

import { RecurrenceFields } from "./RecurrenceFields";

/** What the edit form starts from: the schedule as the product has it, in the form's own terms. */
export interface ScheduleEditDefaults {
  id: string;
  amount: string;
  currency: string;
  origin: string;
  destination: string;
  reason: string;
  concept: string;
  frequency: string;
  firstDate: string;
  ends: "count" | "date";
  count: string;
  endDate: string;
}

const constraint = getZodConstraint(scheduleEditFields);

/** The edit form's id: its 'Guardar' sits in the drawer's fixed footer, outside the form, and names it (`form=`). */
export const scheduleEditFormId = (id: string) => `editar-pago-${id}`;

/**
 * Editing a recurring payment in the URL-addressed drawer (decision 063): the calculator's
 * transfer fields and the plan, one schema on both sides; a refused save comes back with what was
 * typed and its messages. Its actions are `ScheduleEditActions`, in the drawer's footer.
 */
export function ScheduleEditForm(props: {
  defaults: ScheduleEditDefaults;
  accounts: AccountView[];
  recipients: RecipientOption[];
  reasons: ReasonOption[];
  today: string;
  holidays: string[];
  lastResult: SubmissionResult<string[]> | null;
  csrfToken: ReactNode;
}) {
  const { t } = useTranslation(["calculator", "payments"]);
  const { defaults } = props;
  const [form, fields] = useForm({
    id: scheduleEditFormId(defaults.id),
    lastResult: props.lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    constraint,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: scheduleEditSchema(props.today, defaults.firstDate) }),
    defaultValue: { ...defaults },
  });
  const accountLabel = useAccountLabel();
  const formErrors = form.errors?.filter(Boolean) ?? [];
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      {props.csrfToken}
      <input type="hidden" name="id" value={defaults.id} />
      <AmountField meta={fields.amount} label={t("calculator.amount")} currency={displayCurrency(defaults.currency)} />
      <SelectField label={t("calculator.origin")} meta={fields.origin} placeholder={t("calculator.choose")}>
        {props.accounts.map((account) => (
          <option key={account.idAccount} value={account.idAccount}>
            {accountLabel(account)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t("calculator.destination")} meta={fields.destination} placeholder={t("calculator.choose")}>
        <optgroup label={t("calculator.ownAccounts")}>
          {props.accounts.map((account) => (
            <option key={account.idAccount} value={account.idAccount}>
              {accountLabel(account)}
            </option>
          ))}
        </optgroup>
        <RecipientOptions recipients={props.recipients} />
      </SelectField>
      <ReasonAndConcept reason={fields.reason} concept={fields.concept} reasons={props.reasons} />
      <RecurrenceFields
        fields={{
          frequency: fields.frequency,
          firstDate: fields.firstDate,
          ends: fields.ends,
          count: fields.count,
          endDate: fields.endDate,
        }}
        today={props.today}
        holidays={props.holidays}
        originalFirstDate={defaults.firstDate}
      />
      {formErrors.length > 0 ? (
        <p role="alert" id={form.errorId} className="rounded-md bg-red-50 p-3 text-sm text-failed dark:bg-red-950">
          {formErrors.join(" ")}
        </p>
      ) : null}
    </Form>
  );
}

/**
 * 'Cancelar' and 'Guardar' for the drawer's fixed footer, so the edit's main action is in view
 * whatever the form's length; 'Guardar' submits the form by its id, with or without JavaScript.
 */
export function ScheduleEditActions({ id, cancelHref }: { id: string; cancelHref: string }) {
  const { t } = useTranslation("payments");
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <Link to={cancelHref} preventScrollReset className={buttonClass("secondary")}>
        {t("recurring.edit.cancel")}
      </Link>
      <SubmitButton form={scheduleEditFormId(id)} name="intent" value="editar" pendingText={t("recurring.edit.saving")}>
        {t("recurring.edit.save")}
      </SubmitButton>
    </div>
  );
}
