import type { FieldMetadata, Submission, SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import type { ChangeEvent, MouseEvent, ReactNode } from "react";
import { forwardRef, useEffect, useRef, useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { bankOfClabe } from "#core/domain/clabe";
import { IBAN_TYPED_MAX } from "#core/domain/iban";
import type { RecipientField, RecipientFormValues, RecipientInput, RecipientType } from "#core/domain/recipient-form";
import {
  ALIAS_MAX,
  AMOUNT_BANDS,
  carriedFields,
  IBAN_CODE_TYPE,
  isNational,
  isPhysical,
  RECIPIENT_EMAIL_MAX,
  RECIPIENT_FIELDS,
  recipientDraftSchema,
  recipientSchema,
  RELATION_TYPES,
  summaryEntries,
  withPart,
} from "#core/domain/recipient-form";
import { buttonClass } from "~/components/ui/button";
import { CheckboxField } from "~/components/ui/CheckboxField";
import type { FieldProps } from "~/components/ui/Field";
import { ErrorList, Field } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/SelectField";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useForm } from "~/components/ui/use-form";
import { useTranslation } from "~/i18n";

export const RECIPIENT_FORM_ID = "alta-destinatario";

export type BankOption = {
  id: string;
  name: string;
  swift: string | null;
  aba: string | null;
  city: string | null;
  country: string | null;
};

export type RecipientFormProps = {
  type: RecipientType;
  currencies: string[];
  codeTypes: Array<{ id: string; name: string }>;
  idempotencyKey: string;
  lastResult: SubmissionResult<string[]> | null;
  bankResults: BankOption[] | null;
  bankSearchFailed: boolean;
  /** The countries catalogue (§7 /countries-catalogs) by name; null when it did not answer (free text). */
  countries: string[] | null;
  /** With JS: what was typed before a type switch, carried in the browser (no round trip). */
  draft?: Record<string, string> | null;
  /** With JS: switch física/moral or nacional/internacional keeping `values`; without it the switch posts. */
  onSwitchType?: (type: RecipientType, values: Record<string, string>) => void;
  /** The type the switch reckons from: the one being loaded after a switch with JS, else `type`. */
  switchFrom?: RecipientType;
};

const TYPED_FIELDS = new Set<string>(RECIPIENT_FIELDS.filter((field) => field !== "recipientType"));

/**
 * The rules table checks every field inside one refinement, so the schema gives the browser no
 * length limits: the inputs' maxLength below are set by hand, each equal to its rule's limit, so
 * the field never takes more than the rule accepts.
 */
const constraint = getZodConstraint(recipientSchema());

type Fields = Record<RecipientField, FieldMetadata<string | undefined>>;

/**
 * The recipient form of §5 (one of its four variants): a native form that works without JS,
 * checked by the same schema in the browser (Conform) and on the server. Only 'Continuar con mi
 * token' applies the rules; the bank search and its 'Usar …' buttons post the form to echo what
 * was typed back, so nothing is lost without JS either.
 */
export function RecipientForm({
  type,
  currencies,
  codeTypes,
  idempotencyKey,
  lastResult,
  bankResults,
  bankSearchFailed,
  countries,
  draft,
  onSwitchType,
  switchFrom,
}: RecipientFormProps) {
  const { t } = useTranslation("recipients");
  const [schema] = useState(() => recipientSchema());
  const [form, fieldsOf] = useForm<RecipientFormValues, RecipientInput>({
    id: RECIPIENT_FORM_ID,
    lastResult,
    // Messages come with the summary after a submit, not when focus merely passes (a message appearing on
    // blur moved the submit button away from the pointer); then each follows the typing.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      ...draft,
      recipientType: type,
      currency: draft?.currency && currencies.includes(draft.currency) ? draft.currency : (currencies[0] ?? "MXN"),
    },
    constraint,
    onValidate: ({ formData }) => {
      // Only the final submit applies the rules; the other buttons echo what was typed.
      const intent = formData.get("intent");
      const submission =
        intent === null || intent === "continuar"
          ? parseWithZod(formData, { schema })
          : parseWithZod(formData, { schema: recipientDraftSchema });
      return submission as Submission<RecipientFormValues, string[], RecipientInput>;
    },
  });
  const fields = fieldsOf as unknown as Fields;
  const initial = (name: RecipientField) => {
    const value = fields[name].initialValue;
    return typeof value === "string" ? value : "";
  };
  const [clabe, setClabe] = useState(initial("clabe"));
  const [intermediary, setIntermediary] = useState(initial("hasIntermediary") === "on");
  // The account's type decides what its number and the bank code take: each hint names only the chosen one.
  const [codeType, setCodeType] = useState(initial("codeType"));
  const byType = (hint: "account" | "bankCode") =>
    codeTypes.some((code) => code.id === codeType) ? t(`form.hints.${hint}ByType.${codeType}`) : t(`form.hints.${hint}`);
  // Without JS every intermediary field shows (the rules apply only when the box is checked);
  // with JS they follow the box.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const bank = bankOfClabe(clabe);
  const national = isNational(type);

  // The error summary shows after a refused 'Continuar': the server's answer, or (with JS) the
  // browser's check; each time it takes the focus.
  const serverRefused = lastResult?.status === "error" && Object.values(lastResult.error ?? {}).some((messages) => messages?.length);
  const [attempts, setAttempts] = useState(0);
  const summaryRef = useRef<HTMLElement>(null);
  const entries = serverRefused || attempts > 0 ? summaryEntries(type, form.allErrors) : [];
  useEffect(() => {
    if (serverRefused || attempts > 0) summaryRef.current?.focus();
  }, [lastResult, attempts, serverRefused]);
  const formProps = getFormProps(form);

  const text = (name: RecipientField, extra: Omit<FieldProps, "meta" | "label"> = {}) => (
    <Field key={name} meta={fields[name]} label={t(`form.fields.${name}`)} {...extra} />
  );
  const select = (
    name: RecipientField,
    options: Array<{ value: string; label: string }>,
    onChange?: (event: ChangeEvent<HTMLSelectElement>) => void,
  ) => (
    <SelectField key={name} meta={fields[name]} label={t(`form.fields.${name}`)} placeholder={t("form.choose")} onChange={onChange}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
  const section = (title: string, children: ReactNode) => (
    <fieldset className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900 md:grid-cols-2">
      <legend className="px-1 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
  const codeTypeOptions = codeTypes.map((code) => ({ value: code.id, label: code.name }));
  // A country from the catalogue; a value it lacks (a bank search's, a catalogue that changed) stays choosable.
  const country = (name: RecipientField) => {
    if (!countries) return text(name, { maxLength: 30 });
    const current = initial(name);
    const names = current && !countries.includes(current) ? [current, ...countries] : countries;
    return select(
      name,
      names.map((value) => ({ value, label: value })),
    );
  };
  const switchTo = (event: MouseEvent<HTMLButtonElement>, next: RecipientType) => {
    if (!onSwitchType || !event.currentTarget.form) return;
    event.preventDefault();
    const values: Record<string, string> = {};
    new FormData(event.currentTarget.form).forEach((value, name) => {
      if (typeof value === "string" && TYPED_FIELDS.has(name)) values[name] = value;
    });
    onSwitchType(next, values);
  };

  return (
    <Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        formProps.onSubmit(event);
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        const intent = submitter?.getAttribute("value") ?? "continuar";
        // Conform stopped the submit: the browser found errors.
        if (intent === "continuar" && event.defaultPrevented) setAttempts((count) => count + 1);
      }}
      className="flex flex-col gap-6"
    >
      {/* Enter in any field means 'Continuar', never the bank search below. */}
      <button type="submit" name="intent" value="continuar" tabIndex={-1} aria-hidden="true" className="sr-only">
        {t("form.submit")}
      </button>
      <AuthenticityTokenInput />
      <input type="hidden" name="recipientType" value={type} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />

      {entries.length > 0 ? (
        <ErrorSummary
          ref={summaryRef}
          entries={entries.map((entry) => ({
            id: fields[entry.field as RecipientField]?.id ?? entry.field,
            text: t("form.summary.entry", { label: t(`form.fields.${entry.field}`), message: entry.message }),
          }))}
        />
      ) : null}

      <TypeSwitch type={switchFrom ?? type} onSwitch={switchTo} />

      {section(
        t("form.sections.person"),
        isPhysical(type) ? (
          <>
            {text("name", { autoComplete: "given-name", maxLength: 60 })}
            {text("lastname1", { autoComplete: "family-name", maxLength: 60 })}
            {text("lastname2", { maxLength: 60 })}
            {national ? text("rfc", { maxLength: 13, autoCapitalize: "characters" }) : null}
          </>
        ) : (
          <>
            {text("companyName", { autoComplete: "organization", maxLength: 120 })}
            {national ? text("rfc", { maxLength: 13, autoCapitalize: "characters" }) : null}
            {select(
              "relationType",
              RELATION_TYPES.map((value) => ({ value, label: t(`form.relationTypes.${value}`) })),
            )}
            {text("relationTypeExtra", { maxLength: 60 })}
            {select(
              "amountMax",
              AMOUNT_BANDS.map((value) => ({ value, label: t(`form.amountBands.${value}`) })),
            )}
          </>
        ),
      )}

      {section(
        t("form.sections.contact"),
        <>
          {text("alias", { maxLength: ALIAS_MAX, autoComplete: "off" })}
          {/* The recipient's address, not the member's own: the browser must not offer to fill it. */}
          {text("email", { type: "email", autoComplete: "off", maxLength: RECIPIENT_EMAIL_MAX })}
          {text("phone", {
            type: "tel",
            inputMode: "numeric",
            // The recipient's number, not the person's own: nothing to fill it from.
            autoComplete: "off",
            maxLength: 10,
            description: t("form.hints.phone"),
          })}
        </>,
      )}

      {section(
        t("form.sections.bank"),
        <>
          {select(
            "currency",
            currencies.map((code) => ({ value: code, label: code })),
          )}
          {national ? (
            <div>
              {text("clabe", {
                description: t("form.hints.clabe"),
                inputMode: "numeric",
                maxLength: 18,
                autoComplete: "off",
                onChange: (event) => setClabe(event.currentTarget.value.trim()),
              })}
              <p aria-live="polite" className="mt-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">
                {bank ? t("form.bank", { name: bank.name }) : t("form.bankUnknown")}
              </p>
            </div>
          ) : (
            <>
              {/* The account's type first: the account number's and the bank code's hints depend on it. */}
              {select("codeType", codeTypeOptions, (event) => setCodeType(event.currentTarget.value))}
              {text("account", {
                // An IBAN starts with its country's letters and is copied in groups of four (42 with its
                // blanks); a plain account number longer than the rule's 34 digits gets its message.
                inputMode: codeType === IBAN_CODE_TYPE ? "text" : "numeric",
                autoCapitalize: "characters",
                maxLength: IBAN_TYPED_MAX,
                autoComplete: "off",
                description: byType("account"),
              })}
              {/* The search fills the bank's fields below it. */}
              <BankSearch
                results={bankResults}
                failed={bankSearchFailed}
                typed={{ type: typedText(lastResult, "bankSearchType"), query: typedText(lastResult, "bankSearchQuery") }}
              />
              {text("bankCode", { maxLength: 11, autoCapitalize: "characters", description: byType("bankCode") })}
              {text("bankName", { maxLength: 60 })}
              {text("bankCity", { maxLength: 60 })}
              {country("bankCountry")}
            </>
          )}
        </>,
      )}

      {national
        ? null
        : section(
            t("form.sections.address"),
            <>
              {text("street", { autoComplete: "address-line1", maxLength: 60 })}
              {text("numberDir", { maxLength: 10 })}
              {text("numberInt", { maxLength: 10 })}
              {text("postalCode", { inputMode: "numeric", maxLength: 6, autoComplete: "postal-code" })}
              {text("suburb", { maxLength: 30 })}
              {text("city", { maxLength: 30, autoComplete: "address-level2" })}
              {text("state", { maxLength: 30, autoComplete: "address-level1" })}
              {country("country")}
            </>,
          )}

      {national
        ? null
        : section(
            t("form.sections.intermediary"),
            <>
              <CheckboxField
                meta={fields.hasIntermediary}
                label={t("form.fields.hasIntermediary")}
                onChange={(event) => setIntermediary(event.currentTarget.checked)}
                className="md:col-span-2"
              />
              <div
                hidden={hydrated && !intermediary}
                className={`${hydrated && !intermediary ? "hidden" : "grid"} gap-4 md:col-span-2 md:grid-cols-2`}
              >
                {hydrated ? null : (
                  // Without JavaScript the fields cannot hide with the box: say when they count.
                  <p className="text-sm text-slate-600 md:col-span-2 dark:text-slate-300">{t("form.hints.intermediaryOnly")}</p>
                )}
                {select("intermediaryCodeType", codeTypeOptions)}
                {text("intermediaryBankCode", { maxLength: 11, autoCapitalize: "characters" })}
                {text("intermediaryBankName", { maxLength: 30 })}
                {text("intermediaryBankCity", { maxLength: 30 })}
                {country("intermediaryBankCountry")}
              </div>
            </>,
          )}

      {/* The other variants' fields, so a switch of type and back loses nothing (the rules ignore them). */}
      {carriedFields(type).map((name) => {
        const value = initial(name);
        return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
      })}

      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to="/destinatarios" className={buttonClass("secondary")}>
          {t("form.cancel")}
        </Link>
        <SubmitButton name="intent" value="continuar" pendingText={t("form.submitting")}>
          {t("form.submit")}
        </SubmitButton>
      </div>
    </Form>
  );
}

/** What the person typed in a field outside the recipient's own (the bank search box). */
function typedText(lastResult: SubmissionResult<string[]> | null, name: string): string {
  const value = (lastResult?.initialValue as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : "";
}

/** §7 international-banks search inside the form: results come back as 'Usar …' buttons. */
function BankSearch({ results, failed, typed }: { results: BankOption[] | null; failed: boolean; typed: { type: string; query: string } }) {
  const { t } = useTranslation("recipients");
  return (
    <div className="rounded-lg bg-slate-50 p-4 dark:bg-slate-800 md:col-span-2">
      <p className="font-semibold">{t("form.bankSearch.title")}</p>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <SelectField
          meta={{ id: "bankSearchType", name: "bankSearchType", initialValue: typed.type || "name" }}
          label={t("form.bankSearch.by")}
        >
          {(["name", "swift", "aba"] as const).map((type) => (
            <option key={type} value={type}>
              {t(`form.bankSearch.types.${type}`)}
            </option>
          ))}
        </SelectField>
        <Field
          meta={{ id: "bankSearchQuery", name: "bankSearchQuery", initialValue: typed.query }}
          label={t("form.bankSearch.query")}
          maxLength={60}
          className="min-w-[12rem] flex-1"
        />
        <SubmitButton name="intent" value="buscar-banco" variant="secondary" pendingText={t("form.submitting")}>
          {t("form.bankSearch.submit")}
        </SubmitButton>
      </div>
      {failed ? (
        <p role="alert" className="mt-3 text-sm text-failed">
          {t("form.bankSearch.error")}
        </p>
      ) : null}
      {results ? (
        results.length === 0 ? (
          <p role="status" className="mt-3 text-sm">
            {t("form.bankSearch.none")}
          </p>
        ) : (
          <ul aria-label={t("form.bankSearch.results")} className="mt-3 flex flex-col gap-2">
            {results.map((bank) => (
              <li key={bank.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-white p-3 dark:bg-slate-900">
                <span>
                  <span className="font-semibold">{bank.name}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-300">
                    {[bank.swift, bank.aba, bank.city, bank.country].filter(Boolean).join(" · ")}
                  </span>
                </span>
                <SubmitButton
                  name="intent"
                  value={bank.swift ? `usar-banco:swift:${bank.swift}` : `usar-banco:aba:${bank.aba ?? ""}`}
                  variant="ghost"
                >
                  {t("form.bankSearch.use", { name: bank.name })}
                </SubmitButton>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

/**
 * Física/moral and nacional/internacional. Each is a submit button: without JS it posts what was
 * typed to `?tipo=` and the page comes back in the new variant with every value; with JS
 * (`onSwitch`) the values move in the browser and only the variant's catalogue is fetched.
 */
function TypeSwitch({
  type,
  onSwitch,
}: {
  type: RecipientType;
  onSwitch: (event: MouseEvent<HTMLButtonElement>, next: RecipientType) => void;
}) {
  const { t } = useTranslation("recipients");
  const group = (label: string, parts: Array<"pf" | "pm" | "n" | "e">) => (
    <div role="group" aria-label={label} className="flex min-w-0 flex-col gap-1.5">
      <span aria-hidden="true" className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </span>
      <div className="inline-flex w-full rounded-full bg-slate-100 p-1 dark:bg-slate-800 sm:w-auto">
        {parts.map((part) => {
          const next = withPart(type, part);
          const current = next === type;
          return (
            <button
              key={part}
              type="submit"
              name="intent"
              value={`tipo:${next}`}
              formAction={`?tipo=${next}`}
              formNoValidate
              aria-pressed={current}
              onClick={(event) => onSwitch(event, next)}
              className={
                "min-h-10 flex-1 whitespace-nowrap rounded-full px-4 text-sm font-semibold transition-colors " +
                "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 " +
                (current
                  ? "bg-white text-brand-700 shadow-sm dark:bg-slate-950 dark:text-brand-100"
                  : "text-slate-700 hover:text-brand-700 dark:text-slate-300 dark:hover:text-brand-100")
              }
            >
              {t(`form.parts.${part}`)}
            </button>
          );
        })}
      </div>
    </div>
  );
  return (
    <div className="flex flex-wrap gap-x-8 gap-y-4">
      {group(t("form.personType"), ["pf", "pm"])}
      {group(t("form.origin"), ["n", "e"])}
    </div>
  );
}

/**
 * After a refused submit: every message, in the form's order, each a link to its field (focus
 * moves there). It takes the focus itself, with JS (an effect) and without (`autoFocus`).
 */
const ErrorSummary = forwardRef<HTMLElement, { entries: Array<{ id: string; text: string }> }>(function ErrorSummary({ entries }, ref) {
  const { t } = useTranslation("recipients");
  return (
    <section
      ref={ref}
      tabIndex={-1}
      // Without JS, this is how focus reaches the summary after a refused submit.
      autoFocus
      aria-labelledby="resumen-errores-titulo"
      className="rounded-xl border-2 border-failed bg-red-50 p-4 focus:outline focus:outline-2 focus:outline-offset-2 focus:outline-failed dark:bg-red-950"
    >
      <h3 id="resumen-errores-titulo" className="font-semibold text-failed dark:text-red-300">
        {t("form.summary.title", { count: entries.length })}
      </h3>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              onClick={(event) => {
                const field = document.getElementById(entry.id);
                if (!field) return;
                event.preventDefault();
                field.focus();
                field.scrollIntoView({ block: "center" });
              }}
              className="font-medium text-failed underline underline-offset-2 dark:text-red-300"
            >
              {entry.text}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
});
