import { useState } from "react";

import { FREQUENCIES, plannedDates, recurrenceProblem, toRecurrence } from "#core/domain/schedule-dates";
import { Field } from "~/components/ui/Field";
import type { FieldMeta } from "~/components/ui/field-parts";
import { FieldErrors } from "~/components/ui/field-parts";
import { SelectField } from "~/components/ui/SelectField";
import { useTranslation } from "~/i18n";

export interface RecurrenceMeta {
  frequency: FieldMeta;
  firstDate: FieldMeta;
  ends: FieldMeta;
  count: FieldMeta;
  endDate: FieldMeta;
}

const text = (value: unknown, fallback = "") => (typeof value === "string" && value !== "" ? value : fallback);
const PREVIEW = 3;
const dayFormat = new Intl.DateTimeFormat("es-MX", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
/** A calendar day ("YYYY-MM-DD") in Spanish, read as a date with no time zone to move it. */
const spanishDay = (date: string) =>
  dayFormat.format(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))));

/**
 * How often, from when and until when a payment repeats (§3 `recurrent`; decision 063): native
 * controls that post with the form. The plan's first days are shown as the product will lay them
 * out (weekends and bank holidays moved to the next working day), from what the server rendered
 * and, with JS, as the person changes it.
 */
export function RecurrenceFields({
  fields,
  today,
  holidays,
  originalFirstDate = null,
}: {
  fields: RecurrenceMeta;
  today: string;
  holidays: readonly string[];
  /** An edit may keep a first date that has passed. */
  originalFirstDate?: string | null;
}) {
  const { t } = useTranslation("calculator");
  const k = (key: string) => t(`recurrence.${key}`);
  const [plan, setPlan] = useState({
    frequency: text(fields.frequency.initialValue, "monthly"),
    firstDate: text(fields.firstDate.initialValue, today),
    ends: text(fields.ends.initialValue, "count"),
    count: text(fields.count.initialValue, "12"),
    endDate: text(fields.endDate.initialValue),
  });
  const [initial] = useState(plan);
  // Conform's metadata reads its properties through getters: they are named, not spread.
  const withInitial = (meta: FieldMeta, value: string): FieldMeta => ({
    id: meta.id,
    name: meta.name,
    errors: meta.errors,
    initialValue: value,
  });
  const preview = planPreview(plan, plan.firstDate === originalFirstDate ? null : today, holidays);

  return (
    <div
      className="grid gap-4 sm:grid-cols-2"
      onChange={(event) => {
        const target = event.target as HTMLInputElement | HTMLSelectElement;
        const name = target.name as keyof typeof plan;
        if (name in plan) setPlan((before) => ({ ...before, [name]: target.value }));
      }}
    >
      <SelectField meta={withInitial(fields.frequency, initial.frequency)} label={k("frequency")}>
        {FREQUENCIES.map((frequency) => (
          <option key={frequency} value={frequency}>
            {k(`frequencies.${frequency}`)}
          </option>
        ))}
      </SelectField>
      <Field meta={withInitial(fields.firstDate, initial.firstDate)} label={k("firstDate")} type="date" />
      <fieldset className="sm:col-span-2">
        <legend className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">{k("ends")}</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {(["count", "date"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={fields.ends.name}
                value={value}
                defaultChecked={initial.ends === value}
                aria-describedby={fields.ends.errors?.length ? `${fields.ends.id}-error` : undefined}
              />
              {k(`ends${value === "count" ? "Count" : "Date"}`)}
            </label>
          ))}
        </div>
        <FieldErrors id={fields.ends.errors?.length ? `${fields.ends.id}-error` : undefined} errors={fields.ends.errors ?? []} />
      </fieldset>
      <Field meta={withInitial(fields.count, initial.count)} label={k("count")} type="number" inputMode="numeric" min={1} max={104} />
      <Field meta={withInitial(fields.endDate, initial.endDate)} label={k("endDate")} type="date" description={k("endDateHint")} />
      <div className="rounded-lg bg-slate-50 p-3 text-sm sm:col-span-2 dark:bg-slate-800/60" aria-live="polite">
        {preview ? (
          <>
            <p className="font-medium">{t("recurrence.total", { count: preview.total })}</p>
            <p className="text-slate-600 dark:text-slate-300">
              {k("firstPayments")} {preview.first.map((date) => spanishDay(date.dateToPay)).join(" · ")}
            </p>
            {preview.moved ? <p className="text-slate-600 dark:text-slate-300">{k("moved")}</p> : null}
          </>
        ) : (
          <p className="text-slate-600 dark:text-slate-300">{k("previewHint")}</p>
        )}
      </div>
    </div>
  );
}

function planPreview(
  plan: { frequency: string; firstDate: string; ends: string; count: string; endDate: string },
  today: string | null,
  holidays: readonly string[],
) {
  if (!(FREQUENCIES as readonly string[]).includes(plan.frequency)) return null;
  const recurrence = toRecurrence({
    frequency: plan.frequency as (typeof FREQUENCIES)[number],
    firstDate: plan.firstDate,
    ends: plan.ends === "date" ? "date" : "count",
    count: plan.count === "" ? undefined : Number(plan.count),
    endDate: plan.endDate || undefined,
  });
  if (recurrenceProblem(recurrence, today)) return null;
  const dates = plannedDates(recurrence, new Set(holidays));
  return {
    total: dates.length,
    first: dates.slice(0, PREVIEW),
    moved: dates.slice(0, PREVIEW).some((date) => date.dateToPay !== date.scheduledDate),
  };
}
