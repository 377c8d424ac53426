import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { collaboratorPermissionsSchema, OPERATION_MODES, type OperationMode } from "#core/domain/collaborator-permissions";
import { EmailText } from "~/components/collaborators/EmailText";
import { buttonClass } from "~/components/ui/button";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { Drawer } from "~/components/ui/Drawer";
import { ErrorList } from "~/components/ui/Field";
import { fieldAria, FieldErrors } from "~/components/ui/field-parts";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useForm } from "~/components/ui/use-form";
import { useTranslation } from "~/i18n";

export const COLLABORATOR_FORM_ID = "permisos-colaborador";

export type CollaboratorDrawerProps = {
  collaborator: {
    id: string;
    name: string;
    profileType: "ADMINISTRADOR" | "COLABORADOR";
    email: string | null;
    whatsapp: string | null;
  };
  /** The collaborator's current permissions as the form's values. */
  initial: { ownAccounts: string; thirdAccounts: string; operationMode: OperationMode };
  closeHref: string;
  lastResult: SubmissionResult<string[]> | null;
};

/**
 * The per-collaborator drawer of §2 (`?colaborador=<id>`): their data and the §5/§6 permissions
 * form. The radios count only with third-party sending: with JS they are disabled without it;
 * without JS the action refuses them with the schema's message, keeping what was chosen.
 */
export function CollaboratorDrawer({ collaborator, initial, closeHref, lastResult }: CollaboratorDrawerProps) {
  const { t } = useTranslation("collaborators");
  const [form, fields] = useForm({
    id: COLLABORATOR_FORM_ID,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: initial,
    constraint: getZodConstraint(collaboratorPermissionsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: collaboratorPermissionsSchema }),
  });
  const submitted = (lastResult?.initialValue ?? null) as Record<string, unknown> | null;
  const startThird = submitted ? submitted.thirdAccounts === "on" : initial.thirdAccounts === "on";
  const startMode = (submitted ? submitted.operationMode : initial.operationMode) as OperationMode | undefined;
  const [thirdOn, setThirdOn] = useState(startThird);
  const [mode, setMode] = useState<OperationMode>(
    OPERATION_MODES.includes(startMode as OperationMode) ? (startMode as OperationMode) : "none",
  );
  // Before hydration nothing is disabled: the server judges a no-JS submit.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const radiosDisabled = hydrated && !thirdOn;
  const { errors, errorId, describedBy } = fieldAria(fields.operationMode, false);
  const hintId = `${COLLABORATOR_FORM_ID}-modo-ayuda`;

  return (
    <Drawer
      open
      id="colaborador"
      title={collaborator.name}
      subtitle={t("drawer.subtitle")}
      closeHref={closeHref}
      width="md"
      footer={
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={closeHref} preventScrollReset className={buttonClass("secondary")}>
            {t("drawer.cancel")}
          </Link>
          <SubmitButton form={form.id} name="intent" value="guardar" pendingText={t("drawer.saving")}>
            {t("drawer.save")}
          </SubmitButton>
        </div>
      }
    >
      <section aria-labelledby="colaborador-datos" className="mb-6">
        <h3 id="colaborador-datos" className="text-base font-semibold text-slate-900 dark:text-slate-100">
          {t("drawer.data")}
        </h3>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600 dark:text-slate-300">{t("drawer.name")}</dt>
          <dd className="text-slate-900 dark:text-slate-100">{collaborator.name}</dd>
          <dt className="text-slate-600 dark:text-slate-300">{t("drawer.profile")}</dt>
          <dd className="text-slate-900 dark:text-slate-100">{t(`profiles.${collaborator.profileType}`)}</dd>
          <dt className="text-slate-600 dark:text-slate-300">{t("drawer.email")}</dt>
          <dd className="break-words text-slate-900 dark:text-slate-100">
            {collaborator.email ? <EmailText email={collaborator.email} /> : t("unavailable")}
          </dd>
          <dt className="text-slate-600 dark:text-slate-300">{t("drawer.whatsapp")}</dt>
          <dd className="text-slate-900 dark:text-slate-100">{collaborator.whatsapp ?? t("unavailable")}</dd>
        </dl>
      </section>

      <Form method="post" {...getFormProps(form)} preventScrollReset className="flex flex-col gap-5">
        <AuthenticityTokenInput />
        <input type="hidden" name="id" value={collaborator.id} />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-base font-semibold text-slate-900 dark:text-slate-100">{t("drawer.sending")}</legend>
          <CheckboxField
            meta={fields.ownAccounts}
            label={<LabelWithHint label={t("drawer.ownAccounts")} hint={t("drawer.ownAccountsHint")} />}
          />
          <CheckboxField
            meta={fields.thirdAccounts}
            label={<LabelWithHint label={t("drawer.thirdAccounts")} hint={t("drawer.thirdAccountsHint")} />}
            onChange={(event) => {
              setThirdOn(event.currentTarget.checked);
              if (!event.currentTarget.checked) setMode("none");
            }}
          />
        </fieldset>
        <fieldset className="flex flex-col gap-3" aria-describedby={[hintId, describedBy].filter(Boolean).join(" ")}>
          <legend className="mb-1 text-base font-semibold text-slate-900 dark:text-slate-100">{t("drawer.operationMode")}</legend>
          <p id={hintId} className="text-sm text-slate-600 dark:text-slate-300">
            {t("drawer.operationModeHint")}
          </p>
          {OPERATION_MODES.map((value) => (
            <label
              key={value}
              className={`flex items-start gap-3 ${radiosDisabled && value !== "none" ? "text-slate-400 dark:text-slate-500" : ""}`}
            >
              <input
                type="radio"
                name={fields.operationMode.name}
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                disabled={radiosDisabled && value !== "none"}
                className="fxn-choice mt-1"
              />
              <span>
                {t(`drawer.modes.${value}`)}
                {value !== "none" ? (
                  <span className="block text-sm text-slate-600 dark:text-slate-300">{t(`drawer.modes.${value}Hint`)}</span>
                ) : null}
              </span>
            </label>
          ))}
          <FieldErrors id={errorId} errors={errors} />
        </fieldset>
        <ErrorList id={form.errorId} errors={form.errors} />
      </Form>
    </Drawer>
  );
}

function LabelWithHint({ label, hint }: { label: string; hint: string }) {
  return (
    <>
      {label}
      <span className="block text-sm text-slate-600 dark:text-slate-300">{hint}</span>
    </>
  );
}
