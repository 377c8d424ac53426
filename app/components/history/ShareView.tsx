import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useEffect, useMemo, useRef, useState } from "react";

import type { ShareOption } from "#core/domain/share-form";
import { shareFormSchema, showsPreviewButton } from "#core/domain/share-form";
import type { OperationDetail } from "#server/history/view";
import { buttonClass } from "~/components/ui/button";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { ErrorList, Field } from "~/components/ui/Field";
import type { FieldMeta } from "~/components/ui/field-parts";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useForm } from "~/components/ui/use-form";
import { useTranslation } from "~/i18n";

import { OperationDrawer } from "./OperationDrawer";

export type ShareDefaults = { email: string; invoiceFxn: boolean; invoiceGfb: boolean; estimatedArrival: boolean };

const FORM_ID = "compartir-correo";

/**
 * With JS, the send button waits for a valid form (§5 'Send disabled until valid') and the
 * preview button follows the estimated-arrival checkbox. Without JS both are plain submit
 * buttons and the server answers with the same messages.
 */
function useEnhancements(selectable: readonly ShareOption[], formRef: React.RefObject<HTMLFormElement>, initialArrival: boolean) {
  const schema = useMemo(() => shareFormSchema(selectable), [selectable]);
  const [hydrated, setHydrated] = useState(false);
  const [valid, setValid] = useState(true);
  const [arrivalChecked, setArrivalChecked] = useState(initialArrival);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const update = () => {
      const data = new FormData(form);
      setValid(parseWithZod(data, { schema }).status === "success");
      setArrivalChecked(data.get("estimatedArrival") === "on");
    };
    setHydrated(true);
    update();
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    return () => {
      form.removeEventListener("input", update);
      form.removeEventListener("change", update);
    };
  }, [formRef, schema]);
  return { schema, hydrated, valid, arrivalChecked };
}

/** The address field of both views; the schema checks up to 254 characters, so typing stops there. */
function EmailField({ meta, label, hint }: { meta: FieldMeta; label: string; hint: string }) {
  return (
    <Field
      meta={meta}
      label={label}
      description={hint}
      type="email"
      inputMode="email"
      autoComplete="email"
      form={FORM_ID}
      maxLength={254}
    />
  );
}

const SEND_REASON_ID = `${FORM_ID}-envio-motivo`;

export type ShareViewProps = {
  detail: OperationDetail;
  closeHref: string;
  backHref: string;
  defaults: ShareDefaults;
  lastResult: SubmissionResult<string[]> | null;
  csrfToken: ReactNode;
};

/** The share view (§2, §5): 'Selecciona la información que quieres compartir', the options, the address. */
export function ShareView({ detail, closeHref, backHref, defaults, lastResult, csrfToken }: ShareViewProps) {
  const { t } = useTranslation(["history", "common"]);
  const product = t("common:product.name");
  const { rules, selectable } = detail.share;
  const formRef = useRef<HTMLFormElement>(null);
  const { schema, hydrated, valid, arrivalChecked } = useEnhancements(selectable, formRef, defaults.estimatedArrival);
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    defaultValue: {
      email: defaults.email,
      invoiceFxn: defaults.invoiceFxn ? "on" : undefined,
      invoiceGfb: defaults.invoiceGfb ? "on" : undefined,
      estimatedArrival: defaults.estimatedArrival ? "on" : undefined,
    },
  });
  const optionsErrorId = `${FORM_ID}-opciones-error`;
  // Without JS the server cannot know the checkbox yet: the button shows whenever the option does. With JS it
  // follows the box, and keeps its place when hidden: on a phone's two-row footer, removing it moved 'Regresar' down a
  // row as the page hydrated, and at every toggle of the box (decision 090's follow-up).
  const previewOffered = showsPreviewButton(rules, true);
  const showPreview = showsPreviewButton(rules, !hydrated || arrivalChecked);
  const sendDisabled = hydrated && !valid;
  const optionReason = {
    invoiceFxn: t("detail.receiptLater"),
    invoiceGfb: t(detail.status === "applied" ? "detail.invoiceIssuing" : "detail.invoiceLater"),
    estimatedArrival: undefined,
  };

  const footer = (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <Link to={backHref} preventScrollReset className={buttonClass("ghost", "mr-auto")}>
        {t("share.back")}
      </Link>
      {showPreview ? (
        // formNoValidate: the preview needs no valid address yet (Conform skips its check too).
        <button type="submit" form={FORM_ID} name="intent" value="preview" formNoValidate className={buttonClass("secondary")}>
          {t("share.preview")}
        </button>
      ) : previewOffered ? (
        // Its place, not a hidden button: Enter in the address field clicks the form's first submit button.
        <span aria-hidden="true" className={buttonClass("secondary", "invisible")}>
          {t("share.preview")}
        </span>
      ) : null}
      <SubmitButton
        form={FORM_ID}
        name="intent"
        value="send"
        disabled={sendDisabled}
        describedBy={sendDisabled ? SEND_REASON_ID : undefined}
        pendingText={t("share.sending")}
      >
        {t("share.send")}
      </SubmitButton>
      {/* Its line is kept when it does not apply (without JavaScript, or once the form can be sent), so the footer's
          buttons do not move as the page hydrates or as the person types (decision 090). */}
      <p
        id={SEND_REASON_ID}
        className={`basis-full text-right text-xs text-slate-600 dark:text-slate-300 ${sendDisabled ? "" : "invisible"}`}
      >
        {t("share.sendDisabled")}
      </p>
    </div>
  );

  return (
    <OperationDrawer detail={detail} closeHref={closeHref} footer={footer}>
      <h3 className="mb-4 text-lg font-semibold">{t("share.title")}</h3>
      <Form method="post" preventScrollReset ref={formRef} {...getFormProps(form)} className="flex flex-col gap-5">
        {csrfToken}
        <fieldset aria-describedby={form.errors?.length ? optionsErrorId : undefined}>
          <legend className="mb-3 font-medium">{t("share.intro")}</legend>
          <div className="flex flex-col gap-3">
            {(["invoiceFxn", "invoiceGfb", "estimatedArrival"] as const).map((option) => {
              if (!rules[option].visible) return null;
              // The options' one message is the group's (the fieldset's), not a checkbox's.
              return (
                <CheckboxField
                  key={option}
                  meta={fields[option]}
                  label={t(`share.options.${option}`, { product })}
                  disabled={!rules[option].enabled}
                  disabledReason={optionReason[option]}
                />
              );
            })}
          </div>
          <div className="mt-2">
            <ErrorList id={optionsErrorId} errors={form.errors} />
          </div>
        </fieldset>
        <EmailField meta={fields.email} label={t("share.email")} hint={t("share.emailHint")} />
      </Form>
    </OperationDrawer>
  );
}

export type PreviewViewProps = {
  detail: OperationDetail;
  closeHref: string;
  backHref: string;
  defaults: ShareDefaults;
  lastResult: SubmissionResult<string[]> | null;
  csrfToken: ReactNode;
};

/** The preview view (§2): the estimated-arrival e-mail as it will read, with its own address and send button. */
export function PreviewView({ detail, closeHref, backHref, defaults, lastResult, csrfToken }: PreviewViewProps) {
  const { t } = useTranslation(["history", "common"]);
  const product = t("common:product.name");
  const schema = useMemo(() => shareFormSchema(detail.share.selectable), [detail.share.selectable]);
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    defaultValue: { email: defaults.email },
  });
  const withReceipt = defaults.invoiceFxn && detail.share.selectable.includes("invoiceFxn");
  const withInvoice = defaults.invoiceGfb && detail.share.selectable.includes("invoiceGfb");
  const attachments = [
    withReceipt ? t("share.options.invoiceFxn", { product }) : null,
    withInvoice ? t("share.options.invoiceGfb") : null,
  ].filter((name): name is string => name !== null);
  const arriving = detail.kind === "buy" ? detail.amount.amount : detail.amount.total;
  const { name, masked } = detail.destination;
  // The masked number's dots and digits stay on one line, even when the name wraps.
  const account =
    name || masked ? (
      <>
        {name}
        {name && masked ? " " : null}
        {masked ? <span className="whitespace-nowrap">{masked}</span> : null}
      </>
    ) : (
      t("detail.unknown")
    );
  const rows: Array<[string, ReactNode]> = [
    [t("preview.date"), detail.estimatedDateText ?? t("detail.unknown")],
    [t("preview.account"), account],
    [t("preview.amount"), arriving],
    [t("preview.paymentReason"), detail.paymentReason ?? t("detail.unknown")],
    [t("preview.concept"), detail.concept ?? t("detail.unknown")],
  ];

  const footer = (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <Link to={backHref} preventScrollReset className={buttonClass("ghost", "mr-auto")}>
        {t("share.back")}
      </Link>
      <SubmitButton form={FORM_ID} name="intent" value="send" pendingText={t("share.sending")}>
        {t("share.send")}
      </SubmitButton>
    </div>
  );

  return (
    <OperationDrawer detail={detail} closeHref={closeHref} footer={footer}>
      <h3 className="mb-4 text-lg font-semibold">{t("preview.title")}</h3>
      <article
        aria-label={t("preview.title")}
        className="mb-5 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-slate-800"
      >
        <p className="font-semibold">{t("preview.subject")}</p>
        <hr className="my-3 border-slate-200 dark:border-slate-700" />
        <p>{t("preview.greeting")}</p>
        <p className="mt-2">{t("preview.body", { company: detail.companyName })}</p>
        <dl className="mt-3 flex flex-col gap-1">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="shrink-0 whitespace-nowrap text-slate-600 dark:text-slate-300">{label}</dt>
              <dd className="min-w-0 text-right font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          {attachments.length ? t("preview.attachments", { files: attachments.join(", ") }) : t("preview.noAttachments")}
        </p>
      </article>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="flex flex-col gap-3">
        {csrfToken}
        <input type="hidden" name="estimatedArrival" value="on" />
        {withReceipt ? <input type="hidden" name="invoiceFxn" value="on" /> : null}
        {withInvoice ? <input type="hidden" name="invoiceGfb" value="on" /> : null}
        <ErrorList id={`${FORM_ID}-error`} errors={form.errors} />
        <EmailField meta={fields.email} label={t("share.email")} hint={t("share.emailHint")} />
      </Form>
    </OperationDrawer>
  );
}
