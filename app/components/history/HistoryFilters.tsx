import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { historyFiltersSchema, STATUS_PARAMS, TYPE_PARAMS } from "#core/domain/history-filters";
import { HISTORY_PATH } from "#core/history-links";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/Field";

const SELECT =
  "mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-failed dark:border-slate-600 dark:bg-slate-900";

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
  const [form, fields] = useForm({
    id: "filtros-historial",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: historyFiltersSchema }),
    defaultValue: values,
  });
  const initial = (name: keyof HistoryFiltersProps["values"]) => {
    const value = fields[name].initialValue;
    return typeof value === "string" ? value : "";
  };
  // A pair typed in the URL that the catalogue does not list is still shown, so it can be cleared.
  const pairOptions = values.par && !pairs.includes(values.par) ? [...pairs, values.par] : pairs;

  const select = (name: "tipo" | "estado" | "par", label: string, options: Array<[string, string]>) => {
    const meta = fields[name];
    return (
      <div>
        <label htmlFor={meta.id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        <select
          id={meta.id}
          name={meta.name}
          defaultValue={initial(name)}
          aria-invalid={meta.errors ? true : undefined}
          aria-describedby={meta.errors ? meta.errorId : undefined}
          className={SELECT}
        >
          <option value="">{t("filters.all")}</option>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
        {meta.errors ? (
          <p id={meta.errorId} className="mt-1.5 text-sm text-failed dark:text-red-400">
            {meta.errors.join(" ")}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section
      aria-labelledby="filtros-historial-titulo"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="filtros-historial-titulo" className="mb-3 text-base font-semibold">
        {t("filters.title")}
      </h2>
      <Form method="get" action={HISTORY_PATH} {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
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
        <Field
          label={t("filters.from")}
          name={fields.desde.name}
          id={fields.desde.id}
          errors={fields.desde.errors}
          inputProps={{ type: "date", defaultValue: initial("desde") }}
        />
        <Field
          label={t("filters.to")}
          name={fields.hasta.name}
          id={fields.hasta.id}
          errors={fields.hasta.errors}
          inputProps={{ type: "date", defaultValue: initial("hasta") }}
        />
        {select(
          "par",
          t("filters.pair"),
          pairOptions.map((pair) => [pair, pair]),
        )}
        <Field
          label={t("filters.search")}
          name={fields.buscar.name}
          id={fields.buscar.id}
          errors={fields.buscar.errors}
          inputProps={{ type: "search", defaultValue: initial("buscar"), placeholder: t("filters.searchHint"), maxLength: 100 }}
        />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-6">
          <button type="submit" className={buttonClass("primary")}>
            {t("filters.apply")}
          </button>
          <Link to={HISTORY_PATH} className={buttonClass("ghost")}>
            {t("filters.clear")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
