import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";

import { DIRECTIONS, movementFiltersSchema, PERIODS } from "#core/domain/movements";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/Field";
import { FoldingFilters } from "~/components/ui/FoldingFilters";
import { SelectField } from "~/components/ui/SelectField";
import { useForm } from "~/components/ui/use-form";
import { useTranslation } from "~/i18n";

export type MovementFiltersProps = {
  /** Mexico City's date: the schema's "not in the future" limit. */
  today: string;
  lastResult: SubmissionResult<string[]>;
  clearHref: string;
  /** How many filters the URL sets (shown on the folded panel). */
  activeCount: number;
};

/**
 * The movement filters of §3 as a GET form: every filter is in the URL, so a filtered list can
 * be shared and works without JS. The same schema checks it in the browser and in the loader.
 */
export function MovementFilters({ today, lastResult, clearHref, activeCount }: MovementFiltersProps) {
  const { t } = useTranslation("accounts");
  const schema = movementFiltersSchema(today);
  const [form, fields] = useForm({
    id: "filtros-movimientos",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  return (
    <FoldingFilters activeCount={activeCount} open={lastResult.status === "error"}>
      <Form method="get" {...getFormProps(form)} aria-label={t("movements.filters.title")} className="grid gap-4 md:grid-cols-3">
        {/* Without a value in the URL the selects show the schema's defaults. */}
        <SelectField meta={fields.periodo} label={t("movements.filters.period")} fallback="mes">
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              {t(`movements.filters.periods.${period}`)}
            </option>
          ))}
        </SelectField>
        <Field meta={fields.desde} label={t("movements.filters.from")} type="date" max={today} />
        <Field meta={fields.hasta} label={t("movements.filters.to")} type="date" max={today} />
        <SelectField meta={fields.tipo} label={t("movements.filters.type")} fallback="todos">
          {DIRECTIONS.map((direction) => (
            <option key={direction} value={direction}>
              {t(`movements.filters.types.${direction}`)}
            </option>
          ))}
        </SelectField>
        <Field meta={fields.montoDesde} label={t("movements.filters.amountFrom")} inputMode="decimal" />
        <Field meta={fields.montoHasta} label={t("movements.filters.amountTo")} inputMode="decimal" />
        <div className="flex flex-wrap items-center gap-3 md:col-span-3">
          <button type="submit" className={buttonClass("primary")}>
            {t("movements.filters.submit")}
          </button>
          <Link to={clearHref} className={buttonClass("ghost")}>
            {t("movements.filters.clear")}
          </Link>
        </div>
      </Form>
    </FoldingFilters>
  );
}
