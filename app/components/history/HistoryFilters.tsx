import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useEffect } from "react";

import { historyFiltersConstraint } from "#core/domain/history-filters-constraints";
import { STATUS_PARAMS, TYPE_PARAMS } from "#core/domain/history-params";
import { HISTORY_PATH } from "#core/history-links";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/Field";
import { FoldingFilters } from "~/components/ui/FoldingFilters";
import { SelectField } from "~/components/ui/SelectField";
import { useForm } from "~/components/ui/use-form";
import { validationOnDemand } from "~/components/ui/validation-on-demand";
import { useTranslation } from "~/i18n";

import type { HistoryFiltersValidation } from "./history-filters-validation";

/** The schema and zod arrive when the person reaches the filters (decision 065). */
const validation = validationOnDemand<HistoryFiltersValidation>(() =>
  import("./history-filters-validation").then((module) => module.validateHistoryFilters),
);

export type HistoryFiltersProps = {
  values: Record<"tipo" | "estado" | "desde" | "hasta" | "par" | "buscar", string>;
  lastResult: SubmissionResult<string[]> | null;
  pairs: string[];
};

/**
 * The history's filters: a GET form, so the filters live in the URL (a filtered list is a link,
 * and it works without JS). With JS, Conform shows the same messages before the request.
 */
export function HistoryFilters({ values, lastResult, pairs }: HistoryFiltersProps) {
  const { t } = useTranslation("history");
  // A server answer with errors: the person is about to correct the filters.
  useEffect(() => {
    if (lastResult) void validation.preload();
  }, [lastResult]);
  const [form, fields] = useForm({
    id: "filtros-historial",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    constraint: historyFiltersConstraint,
    onValidate: ({ formData }) => validation.run(formData),
    defaultValue: values,
  });
  // A pair typed in the URL that the catalogue does not list is still shown, so it can be cleared.
  const pairOptions = values.par && !pairs.includes(values.par) ? [...pairs, values.par] : pairs;

  const select = (name: "tipo" | "estado" | "par", label: string, options: Array<[string, string]>) => (
    <SelectField meta={fields[name]} label={label} placeholder={t("filters.all")}>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </SelectField>
  );

  const formProps = getFormProps(form);
  const active = Object.values(values).filter((value) => value.trim() !== "").length;

  return (
    <FoldingFilters activeCount={active} open={Boolean(lastResult)}>
      <Form
        method="get"
        action={HISTORY_PATH}
        {...formProps}
        {...validation.handlers(formProps.onSubmit)}
        aria-label={t("filters.title")}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        {/* The search first and two columns wide, so its hint reads whole. */}
        <Field
          meta={fields.buscar}
          label={t("filters.search")}
          type="search"
          placeholder={t("filters.searchHint")}
          className="sm:col-span-2"
        />
        {select(
          "tipo",
          t("filters.type"),
          Object.entries(TYPE_PARAMS).map(([value, kind]) => [value, t(`type.${kind}`)]),
        )}
        {select(
          "estado",
          t("filters.status"),
          Object.entries(STATUS_PARAMS).map(([value, display]) => [value, t(`statusV2.${display}`)]),
        )}
        <Field meta={fields.desde} label={t("filters.from")} type="date" />
        <Field meta={fields.hasta} label={t("filters.to")} type="date" />
        {select(
          "par",
          t("filters.pair"),
          pairOptions.map((pair) => [pair, pair]),
        )}
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
          <button type="submit" className={buttonClass("primary")}>
            {t("filters.apply")}
          </button>
          <Link to={HISTORY_PATH} className={buttonClass("ghost")}>
            {t("filters.clear")}
          </Link>
        </div>
      </Form>
    </FoldingFilters>
  );
}
