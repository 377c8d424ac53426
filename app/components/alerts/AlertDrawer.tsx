import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useMemo } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { ALERT_CONDITIONS, ALERT_OPERATIONS, type AlertOperation, priceAlertSchema, RATE_INPUT_MAX } from "#core/domain/price-alerts";
import { buttonClass } from "~/components/ui/button";
import { Drawer } from "~/components/ui/Drawer";
import { ErrorList, Field } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/SelectField";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useForm } from "~/components/ui/use-form";
import { useTranslation } from "~/i18n";

export const ALERT_FORM_ID = "nueva-alerta";

export type AlertDrawerProps = {
  pairs: string[];
  closeHref: string;
  idempotencyKey: string;
  lastResult: SubmissionResult<string[]> | null;
  /** What a link preselects (`&par=`, `&operacion=`). */
  initial: { pair: string | null; operation: AlertOperation };
  /** The preselected pair's current best prices (6 decimals), when known. */
  current: { buy: string | null; sell: string | null } | null;
};

/**
 * §2's alert drawer, create type (`?drawer=alerta&tipo=crear`): pair, buy or sell, above or below
 * and the target rate, checked by the same schema in the browser and in the action. A refused
 * submission comes back with what was typed.
 */
export function AlertDrawer({ pairs, closeHref, idempotencyKey, lastResult, initial, current }: AlertDrawerProps) {
  const { t } = useTranslation("alerts");
  const schema = useMemo(() => priceAlertSchema(pairs), [pairs]);
  const [form, fields] = useForm({
    id: ALERT_FORM_ID,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { pair: initial.pair ?? "", operation: initial.operation, condition: "above", targetRate: "" },
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  const typed = fields.operation.value;
  const chosen: AlertOperation = ALERT_OPERATIONS.find((operation) => operation === typed) ?? initial.operation;
  return (
    <Drawer
      open
      id="alerta"
      title={t("form.title")}
      subtitle={t("form.subtitle")}
      closeHref={closeHref}
      footer={
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={closeHref} preventScrollReset className={buttonClass("secondary")}>
            {t("form.cancel")}
          </Link>
          <SubmitButton form={form.id} name="intent" value="crear" pendingText={t("form.saving")}>
            {t("form.save")}
          </SubmitButton>
        </div>
      }
    >
      <Form method="post" {...getFormProps(form)} preventScrollReset className="flex flex-col gap-4">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="crear" />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <SelectField meta={fields.pair} label={t("form.pair")} placeholder={t("form.pairPlaceholder")}>
          {pairs.map((pair) => (
            <option key={pair} value={pair}>
              {pair}
            </option>
          ))}
        </SelectField>
        <SelectField meta={fields.operation} label={t("form.operation")} placeholder={t("form.choose")}>
          {ALERT_OPERATIONS.map((operation) => (
            <option key={operation} value={operation}>
              {t(`operations.${operation}`)}
            </option>
          ))}
        </SelectField>
        <SelectField meta={fields.condition} label={t("form.condition")} placeholder={t("form.choose")}>
          {ALERT_CONDITIONS.map((condition) => (
            <option key={condition} value={condition}>
              {t(`conditions.${condition}`)}
            </option>
          ))}
        </SelectField>
        <Field
          meta={fields.targetRate}
          label={t("form.targetRate")}
          description={t("form.targetHint")}
          inputMode="decimal"
          autoComplete="off"
          maxLength={RATE_INPUT_MAX}
        />
        {current && initial.pair ? (
          <ul className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            {/* The price the alert is compared against comes first and bold; the other side is muted. */}
            {[chosen, ...ALERT_OPERATIONS.filter((operation) => operation !== chosen)].map((operation) => (
              <li key={operation} className={operation === chosen ? "font-semibold" : "text-slate-600 dark:text-slate-300"}>
                {t("form.current", {
                  operation: t(`operations.${operation}`).toLowerCase(),
                  rate: current[operation] ?? t("table.noPrice"),
                })}{" "}
                ({initial.pair})
              </li>
            ))}
          </ul>
        ) : null}
        <ErrorList id={form.errorId} errors={form.errors} />
      </Form>
    </Drawer>
  );
}
