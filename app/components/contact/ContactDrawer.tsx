import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

import type { ContactChannel, DialCodeOption } from "#core/domain/contact";
import { contactEmailSchema, DEFAULT_DIAL_CODE, PHONE_DIGITS, whatsAppSchema } from "#core/domain/contact";
import { buttonClass } from "~/components/ui/button";
import { Drawer } from "~/components/ui/Drawer";
import { ErrorList, Field } from "~/components/ui/Field";
import { Icon } from "~/components/ui/icons";
import { SelectField } from "~/components/ui/SelectField";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useEditedValidation } from "~/components/ui/use-edited-validation";
import { useForm } from "~/components/ui/use-form";
import { useTranslation } from "~/i18n";

export type ContactDrawerView = {
  channel: ContactChannel;
  step: "input" | "sent";
  /** After 'Editar': the data is corrected (verifyType update). */
  update: boolean;
  initial: { email: string } | { dialCode: string; phone: string };
  sentTo: string | null;
  current: { display: string | null; pending: boolean };
  blockedUntil: number | null;
  blockedMessage: string | null;
  dialCodes: DialCodeOption[];
};

export type ContactDrawerProps = {
  view: ContactDrawerView;
  /** The server's refusal of this step's form (what was typed and why), if any. */
  lastResult: SubmissionResult<string[]> | null;
  /** Where the forms post (app/routes/contacto.tsx) and the page they come back to. */
  action: string;
  redirectTo: string;
  /** 'Entendido' and the close button: back to 'Datos de usuario'. */
  closeHref: string;
  /** 'Editar': the input again, in update mode. */
  editHref: string;
  /** The server's clock when the page was made, so the browser can tell when the block ends. */
  serverNow: number;
  csrfToken: ReactNode;
};

const FORM_ID = "contacto-formulario";

/**
 * 'Correo de contacto' and 'WhatsApp' (SPEC §2 contact drawer modes; decision 059): the input
 * (email, whatsApp), then 'Mensaje de confirmación enviado' (sendEmail, sendWhatsApp) with
 * 'Entendido', 'Editar' and 'Reenviar mensaje'. Server-rendered, addressed by the URL; every step
 * is a native form.
 */
export function ContactDrawer(props: ContactDrawerProps) {
  const { t } = useTranslation("settings");
  const { view } = props;
  const title = view.channel === "email" ? t("contact.email.title") : t("contact.whatsapp.title");
  return view.step === "sent" ? <SentStep {...props} title={title} /> : <InputStep {...props} title={title} />;
}

function Hidden({ view, redirectTo, intent }: { view: ContactDrawerView; redirectTo: string; intent: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="canal" value={view.channel} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {view.update ? <input type="hidden" name="modo" value="editar" /> : null}
    </>
  );
}

/** §5: the button waits for valid data (with JS); without JS the server judges and answers with the messages. */
function useValid(formRef: React.RefObject<HTMLFormElement>, validate: (data: FormData) => boolean) {
  const hydrated = useHydrated();
  const [valid, setValid] = useState(true);
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const update = () => setValid(validate(new FormData(element)));
    update();
    element.addEventListener("input", update);
    element.addEventListener("change", update);
    return () => {
      element.removeEventListener("input", update);
      element.removeEventListener("change", update);
    };
  }, [formRef, validate]);
  return !hydrated || valid;
}

type InputProps = ContactDrawerProps & { title: string };

function InputStep(props: InputProps) {
  return props.view.channel === "email" ? <EmailInput {...props} /> : <WhatsAppInput {...props} />;
}

function EmailInput(props: InputProps) {
  const { t } = useTranslation("settings");
  const schema = contactEmailSchema;
  const [form, fields] = useForm({
    id: `${FORM_ID}-email`,
    lastResult: props.lastResult,
    defaultValue: props.view.initial as { email: string },
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const edited = useEditedValidation(form);
  const validate = useMemo(() => (data: FormData) => parseWithZod(data, { schema }).status === "success", [schema]);
  return (
    <InputFrame {...props} form={frameForm(getFormProps(form), edited, form)} validate={validate}>
      <Field meta={fields.email} label={t("contact.email.label")} inputMode="email" autoComplete="email" spellCheck={false} />
    </InputFrame>
  );
}

function WhatsAppInput(props: InputProps) {
  const { t } = useTranslation("settings");
  const codes = props.view.dialCodes;
  const schema = useMemo(() => whatsAppSchema(codes.map((option) => option.code)), [codes]);
  const [form, fields] = useForm({
    id: `${FORM_ID}-whatsapp`,
    lastResult: props.lastResult,
    defaultValue: props.view.initial as { dialCode: string; phone: string },
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const edited = useEditedValidation(form);
  const validate = useMemo(() => (data: FormData) => parseWithZod(data, { schema }).status === "success", [schema]);
  return (
    <InputFrame {...props} form={frameForm(getFormProps(form), edited, form)} validate={validate}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,13rem)_minmax(0,1fr)]">
        <SelectField meta={fields.dialCode} label={t("contact.whatsapp.dialCode")} fallback={DEFAULT_DIAL_CODE}>
          {codes.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <Field
          meta={fields.phone}
          label={t("contact.whatsapp.phone")}
          description={t("contact.whatsapp.phoneHint")}
          type="tel"
          inputMode="numeric"
          maxLength={PHONE_DIGITS}
          onBeforeInput={digitsOnly}
        />
      </div>
    </InputFrame>
  );
}

/** What the frame needs of a Conform form: its props (with the edited-field validation), id and form-level messages. */
type FrameForm = {
  props: ReturnType<typeof getFormProps> & ReturnType<typeof useEditedValidation>;
  id: string;
  errorId: string;
  errors?: string[];
};

function frameForm(
  props: ReturnType<typeof getFormProps>,
  edited: ReturnType<typeof useEditedValidation>,
  form: { id: string; errorId: string; errors?: string[] },
): FrameForm {
  return { props: { ...props, ...edited }, id: form.id, errorId: form.errorId, errors: form.errors };
}

/** The input step's drawer around either form: the intro, the form with its hidden fields, 'Cancelar' and 'Confirmar'. */
function InputFrame({
  view,
  action,
  redirectTo,
  closeHref,
  csrfToken,
  title,
  form,
  validate,
  children,
  serverNow,
}: InputProps & { form: FrameForm; validate: (data: FormData) => boolean; children: ReactNode }) {
  const { t } = useTranslation("settings");
  const formRef = useRef<HTMLFormElement>(null);
  const valid = useValid(formRef, validate);
  const reasonId = `${form.id}-motivo`;
  const intro = view.update ? t("contact.update") : view.channel === "email" ? t("contact.email.intro") : t("contact.whatsapp.intro");

  return (
    <Drawer
      open
      id={view.channel === "email" ? "correo-contacto" : "whatsapp"}
      title={title}
      closeHref={closeHref}
      width="md"
      footer={
        <div className="flex flex-col gap-2">
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link to={closeHref} preventScrollReset className={buttonClass("secondary")}>
              {t("contact.cancel")}
            </Link>
            <SubmitButton form={form.id} disabled={!valid} describedBy={valid ? undefined : reasonId} pendingText={t("contact.sending")}>
              {t("contact.submit")}
            </SubmitButton>
          </div>
          {valid ? null : (
            <p id={reasonId} className="text-center text-xs text-slate-600 sm:text-right dark:text-slate-300">
              {t("contact.fixFirst")}
            </p>
          )}
        </div>
      }
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">{intro}</p>
      {view.update && view.current.display ? <CurrentData current={view.current} /> : null}
      <Form method="post" action={action} ref={formRef} {...form.props} preventScrollReset className="mt-5 flex flex-col gap-5">
        {csrfToken}
        <Hidden view={view} redirectTo={redirectTo} intent="enviar" />
        {children}
        <ErrorList id={form.errorId} errors={form.errors} />
      </Form>
      {view.sentTo !== null ? (
        // The data already waits for its link: sending that message again is the next step, not retyping it.
        <ResendForm view={view} action={action} redirectTo={redirectTo} csrfToken={csrfToken} serverNow={serverNow} refused={[]} />
      ) : null}
    </Drawer>
  );
}

/** 'Dato actual: +52 5512345678 · Pendiente de confirmar': what is being corrected, and why. */
function CurrentData({ current }: { current: ContactDrawerView["current"] }) {
  const { t } = useTranslation("settings");
  const [before, after] = t("contact.current").split("{{address}}");
  return (
    <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
      {before}
      <span className="whitespace-nowrap font-medium text-slate-900 dark:text-slate-100">{current.display}</span>
      {after}
      {current.pending ? ` · ${t("user.contact.pending")}` : null}
    </p>
  );
}

/** §5 "digits only by keypress": anything else typed is not let in. */
function digitsOnly(event: FormEvent<HTMLInputElement>) {
  const data = (event.nativeEvent as InputEvent).data;
  if (data && !/^\d+$/.test(data)) event.preventDefault();
}

/** The browser's idea of now, on the server's clock (the block ends at the server's time). */
function useBlockEnded(blockedUntil: number | null, serverNow: number) {
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    setEnded(false);
    if (blockedUntil === null) return;
    const skew = serverNow - Date.now();
    const wait = blockedUntil - (Date.now() + skew);
    // setTimeout holds at most about 24.8 days; the block is 12 minutes.
    const timer = setTimeout(() => setEnded(true), Math.max(0, Math.min(wait, 2_147_483_000)));
    return () => clearTimeout(timer);
  }, [blockedUntil, serverNow]);
  return ended;
}

function SentStep({
  view,
  lastResult,
  action,
  redirectTo,
  closeHref,
  editHref,
  serverNow,
  csrfToken,
  title,
}: ContactDrawerProps & { title: string }) {
  const { t } = useTranslation("settings");
  const copy =
    view.channel === "email"
      ? t("contact.sent.email", { address: view.sentTo ?? "" })
      : t("contact.sent.whatsapp", { address: view.sentTo ?? "" });

  return (
    <Drawer
      open
      id={view.channel === "email" ? "correo-contacto" : "whatsapp"}
      title={title}
      closeHref={closeHref}
      width="md"
      footer={
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={editHref} preventScrollReset className={buttonClass("secondary")}>
            {t("contact.sent.edit")}
          </Link>
          <Link to={closeHref} preventScrollReset className={buttonClass("primary")}>
            {t("contact.sent.done")}
          </Link>
        </div>
      }
    >
      <div className="flex flex-col items-center gap-3 pt-4 text-center">
        <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-green-50 text-success dark:bg-green-950">
          <Icon name="check" className="h-7 w-7" />
        </span>
        <h3 className="text-xl font-semibold text-slate-900 dark:text-slate-100">{t("contact.sent.title")}</h3>
        <p className="max-w-sm break-words text-slate-700 dark:text-slate-300">{copy}</p>
        <p className="max-w-sm text-sm text-slate-600 dark:text-slate-400">{t("contact.sent.unverified")}</p>
      </div>
      <ResendForm
        view={view}
        action={action}
        redirectTo={redirectTo}
        csrfToken={csrfToken}
        serverNow={serverNow}
        refused={lastResult?.error?.[""] ?? []}
      />
    </Drawer>
  );
}

/** 'Reenviar mensaje' (§7 resend) for what waits for its link, refused inside the 12 minutes. */
function ResendForm({
  view,
  action,
  redirectTo,
  csrfToken,
  serverNow,
  refused,
}: {
  view: ContactDrawerView;
  action: string;
  redirectTo: string;
  csrfToken: ReactNode;
  serverNow: number;
  refused: (string | null | undefined)[];
}) {
  const { t } = useTranslation("settings");
  const ended = useBlockEnded(view.blockedUntil, serverNow);
  const blocked = view.blockedUntil !== null && !ended;
  // A refusal that only repeats the block's sentence is said once.
  const refusal = refused.filter((message): message is string => !!message && !(blocked && message === view.blockedMessage));
  const statusId = "contacto-reenvio-estado";
  return (
    <Form method="post" action={action} preventScrollReset className="mt-8 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      {csrfToken}
      <Hidden view={view} redirectTo={redirectTo} intent="reenviar" />
      <p id={statusId} className="text-sm text-slate-700 dark:text-slate-300">
        {blocked ? view.blockedMessage : t("contact.sent.resendHint")}
      </p>
      <SubmitButton
        variant="secondary"
        className="mt-3"
        disabled={blocked}
        describedBy={statusId}
        pendingText={t("contact.sent.resending")}
      >
        {t("contact.sent.resend")}
      </SubmitButton>
      {refusal.length > 0 ? (
        <div className="mt-3">
          <ErrorList errors={refusal} />
        </div>
      ) : null}
    </Form>
  );
}
