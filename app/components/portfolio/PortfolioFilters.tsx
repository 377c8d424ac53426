import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";

import { MONTH_PARAMS, PORTFOLIO_PATH, PORTFOLIO_TYPES, portfolioFiltersSchema, portfolioYears, WHOLE_YEAR } from "#core/domain/portfolio";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/SelectField";
import { useForm } from "~/components/ui/use-form";
import { useTranslation } from "~/i18n";

export type PortfolioFiltersProps = {
  /** Mexico City's date: the defaults and limits of the schema. */
  today: string;
  lastResult: SubmissionResult<string[]>;
  /** What the selects show while the URL has no value: the schema's defaults. */
  defaults: { mes: string; anio: string; par: string; tipo: string };
  pairs: string[];
};

/**
 * The briefcase filters of §3 as a GET form: the portfolio is a link, and it works without JS.
 * The same schema checks it in the browser (with JS) and in the loader (always).
 */
export function PortfolioFilters({ today, lastResult, defaults, pairs }: PortfolioFiltersProps) {
  const { t } = useTranslation("portfolio");
  const schema = portfolioFiltersSchema(today);
  const [form, fields] = useForm({
    id: "filtros-portafolio",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  // A pair of the URL that the catalogue does not list is still shown, so it can be changed back.
  const typedPair = typeof fields.par.initialValue === "string" ? fields.par.initialValue : defaults.par;
  const pairOptions = [...new Set([...(pairs.length ? pairs : [defaults.par]), typedPair].filter(Boolean))];

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="filtros-portafolio-titulo" className="mb-3 text-base font-semibold">
        {t("filters.title")}
      </h2>
      <Form
        method="get"
        action={PORTFOLIO_PATH}
        {...getFormProps(form)}
        aria-labelledby="filtros-portafolio-titulo"
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        <SelectField meta={fields.mes} label={t("filters.month")} fallback={defaults.mes}>
          {MONTH_PARAMS.map((month) => (
            <option key={month} value={month}>
              {month === WHOLE_YEAR ? t("filters.wholeYear") : t(`months.${month}`)}
            </option>
          ))}
        </SelectField>
        <SelectField meta={fields.anio} label={t("filters.year")} fallback={defaults.anio}>
          {portfolioYears(today).map((year) => (
            <option key={year} value={String(year)}>
              {year}
            </option>
          ))}
        </SelectField>
        <SelectField meta={fields.par} label={t("filters.pair")} fallback={defaults.par}>
          {pairOptions.map((pair) => (
            <option key={pair} value={pair}>
              {pair}
            </option>
          ))}
        </SelectField>
        <SelectField meta={fields.tipo} label={t("filters.type")} fallback={defaults.tipo}>
          {Object.entries(PORTFOLIO_TYPES).map(([value, kind]) => (
            <option key={value} value={value}>
              {t(`type.${kind}`)}
            </option>
          ))}
        </SelectField>
        <Field meta={fields.desde} label={t("filters.from")} description={t("filters.fromHint")} type="date" max={today} />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-5">
          <button type="submit" className={buttonClass("primary")}>
            {t("filters.apply")}
          </button>
          <Link to={PORTFOLIO_PATH} className={buttonClass("ghost")}>
            {t("filters.clear")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
