import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { DIRECTIONS, movementFiltersSchema, PERIODS } from "#core/domain/movements";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/Field";

export type MovementFiltersProps = {
  /** Mexico City's date: the schema's "not in the future" limit. */
  today: string;
  lastResult: SubmissionResult<string[]>;
  clearHref: string;
};

const SELECT =
  "mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-failed dark:border-slate-600 dark:bg-slate-900";

/**
 * The movement filters of §3 as a GET form: every filter is in the URL, so a filtered list can
 * be shared and works without JS. The same schema checks it in the browser and in the loader.
 */
export function MovementFilters({ today, lastResult, clearHref }: MovementFiltersProps) {
  const { t } = useTranslation("accounts");
  const [form, fields] = useForm({
    id: "filtros-movimientos",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: movementFiltersSchema(today) }),
  });
  const input = (field: (typeof fields)["desde"], type: "date" | "text") => {
    const { key: _key, ...props } = getInputProps(field, { type });
    return props;
  };
  // Without a value in the URL the selects show the schema's defaults.
  const { key: _periodKey, defaultValue: period, ...periodProps } = getSelectProps(fields.periodo);
  const { key: _typeKey, defaultValue: direction, ...typeProps } = getSelectProps(fields.tipo);
  const selectError = (errors: string[] | undefined, id: string) =>
    errors?.length ? (
      <p id={id} className="mt-1.5 text-sm text-failed dark:text-red-400">
        {errors.join(" ")}
      </p>
    ) : null;

  return (
    <Form
      method="get"
      {...getFormProps(form)}
      aria-label={t("movements.filters.title")}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900 md:grid-cols-3"
    >
      <div>
        <label htmlFor={fields.periodo.id} className="block text-sm font-medium">
          {t("movements.filters.period")}
        </label>
        <select {...periodProps} defaultValue={period ?? "mes"} className={SELECT}>
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              {t(`movements.filters.periods.${period}`)}
            </option>
          ))}
        </select>
        {selectError(fields.periodo.errors, fields.periodo.errorId)}
      </div>
      <Field
        label={t("movements.filters.from")}
        name={fields.desde.name}
        errors={fields.desde.errors}
        inputProps={{ ...input(fields.desde, "date"), max: today }}
      />
      <Field
        label={t("movements.filters.to")}
        name={fields.hasta.name}
        errors={fields.hasta.errors}
        inputProps={{ ...input(fields.hasta, "date"), max: today }}
      />
      <div>
        <label htmlFor={fields.tipo.id} className="block text-sm font-medium">
          {t("movements.filters.type")}
        </label>
        <select {...typeProps} defaultValue={direction ?? "todos"} className={SELECT}>
          {DIRECTIONS.map((direction) => (
            <option key={direction} value={direction}>
              {t(`movements.filters.types.${direction}`)}
            </option>
          ))}
        </select>
        {selectError(fields.tipo.errors, fields.tipo.errorId)}
      </div>
      <Field
        label={t("movements.filters.amountFrom")}
        name={fields.montoDesde.name}
        errors={fields.montoDesde.errors}
        inputProps={{ ...input(fields.montoDesde, "text"), inputMode: "decimal", maxLength: 20 }}
      />
      <Field
        label={t("movements.filters.amountTo")}
        name={fields.montoHasta.name}
        errors={fields.montoHasta.errors}
        inputProps={{ ...input(fields.montoHasta, "text"), inputMode: "decimal", maxLength: 20 }}
      />
      <div className="flex flex-wrap items-center gap-3 md:col-span-3">
        <button type="submit" className={buttonClass("primary")}>
          {t("movements.filters.submit")}
        </button>
        <Link to={clearHref} className={buttonClass("ghost")}>
          {t("movements.filters.clear")}
        </Link>
      </div>
    </Form>
  );
}
