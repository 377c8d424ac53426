import type { FieldMetadata, Submission, SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useEffect, useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { bankOfClabe } from "#core/domain/clabe";
import type { RecipientField, RecipientFormValues, RecipientInput, RecipientType } from "#core/domain/recipient-form";
import { AMOUNT_BANDS, isNational, isPhysical, recipientDraftSchema, recipientSchema, RELATION_TYPES } from "#core/domain/recipient-form";
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
};

/**
 * The rules table checks every field inside one refinement, so the schema gives the browser no
 * length limits: the inputs' maxLength below are set by hand (some above the rule, so its
 * message shows instead of the typing stopping).
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
}: RecipientFormProps) {
  const { t } = useTranslation("recipients");
  const [schema] = useState(() => recipientSchema());
  const [form, fieldsOf] = useForm<RecipientFormValues, RecipientInput>({
    id: RECIPIENT_FORM_ID,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { recipientType: type, currency: currencies[0] ?? "MXN" },
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
  // Without JS every intermediary field shows (the rules apply only when the box is checked);
  // with JS they follow the box.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const bank = bankOfClabe(clabe);
  const national = isNational(type);

  const text = (name: RecipientField, extra: Omit<FieldProps, "meta" | "label"> = {}) => (
    <Field key={name} meta={fields[name]} label={t(`form.fields.${name}`)} {...extra} />
  );
  const select = (name: RecipientField, options: Array<{ value: string; label: string }>) => (
    <SelectField key={name} meta={fields[name]} label={t(`form.fields.${name}`)} placeholder={t("form.choose")}>
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

  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
      {/* Enter in any field means 'Continuar', never the bank search below. */}
      <button type="submit" name="intent" value="continuar" tabIndex={-1} aria-hidden="true" className="sr-only">
        {t("form.submit")}
      </button>
      <AuthenticityTokenInput />
      <input type="hidden" name="recipientType" value={type} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />

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
          {text("alias", { maxLength: 40, autoComplete: "off" })}
          {text("email", { type: "email", autoComplete: "email", maxLength: 60 })}
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
              {text("account", { inputMode: "numeric", maxLength: 34, autoComplete: "off" })}
              {select("codeType", codeTypeOptions)}
              {text("bankCode", { maxLength: 11, autoCapitalize: "characters", description: t("form.hints.bankCode") })}
              {text("bankName", { maxLength: 60 })}
              {text("bankCity", { maxLength: 60 })}
              {text("bankCountry", { maxLength: 60 })}
              <BankSearch
                results={bankResults}
                failed={bankSearchFailed}
                typed={{ type: typedText(lastResult, "bankSearchType"), query: typedText(lastResult, "bankSearchQuery") }}
              />
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
              {text("country", { maxLength: 30 })}
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
                {select("intermediaryCodeType", codeTypeOptions)}
                {text("intermediaryBankCode", { maxLength: 11, autoCapitalize: "characters" })}
                {text("intermediaryBankName", { maxLength: 30 })}
                {text("intermediaryBankCity", { maxLength: 30 })}
                {text("intermediaryBankCountry", { maxLength: 30 })}
              </div>
            </>,
          )}

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
