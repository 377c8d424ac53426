import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useEffect, useMemo, useRef, useState } from "react";

import { surveySchema } from "#core/domain/overlays";
import { ErrorList } from "~/components/ui/Field";
import { Modal } from "~/components/ui/Modal";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useForm } from "~/components/ui/use-form";
import { useTranslation } from "~/i18n";

const SURVEY_FORM = "encuesta";

/** §3 / §5: a score (1–5 or 1–10) required, comments optional; 'Enviar' waits for a score with JS. */
export function Survey({
  kind,
  lastResult,
  action,
  redirectTo,
  csrfToken,
  skip,
}: {
  kind: "csat" | "nps";
  lastResult: SubmissionResult<string[]> | null;
  action: string;
  redirectTo: string;
  csrfToken: ReactNode;
  skip: ReactNode;
}) {
  const { t } = useTranslation(["overlays", "common"]);
  const product = t("common:product.name");
  const schema = useMemo(() => surveySchema(kind), [kind]);
  const [form, fields] = useForm({
    id: SURVEY_FORM,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [valid, setValid] = useState(true);
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const update = () => setValid(parseWithZod(new FormData(element), { schema }).status === "success");
    update();
    element.addEventListener("change", update);
    element.addEventListener("input", update);
    return () => {
      element.removeEventListener("change", update);
      element.removeEventListener("input", update);
    };
  }, [schema]);
  const scores = Array.from({ length: kind === "csat" ? 5 : 10 }, (_, index) => index + 1);
  const typed = lastResult?.initialValue as { score?: string; comments?: string } | undefined;
  const scoreErrorId = `${fields.score.id}-error`;

  return (
    <Modal open withPage initialFocus="title" id={`aviso-${SURVEY_FORM}-${kind}`} title={t(`surveys.${kind}.title`, { product })}>
      <Form method="post" action={action} ref={formRef} {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        {csrfToken}
        <input type="hidden" name="intent" value="encuesta" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <fieldset aria-describedby={fields.score.errors ? scoreErrorId : undefined}>
          <legend className="text-sm font-medium">{t(`surveys.${kind}.legend`)}</legend>
          {/* Rows of five, centred like the dialog: a 10-point scale breaks evenly, never at 7 + 3. */}
          <div className="mx-auto mt-2 grid w-fit grid-cols-5 gap-2">
            {scores.map((score) => (
              <label key={score} className="cursor-pointer">
                <input
                  type="radio"
                  name={fields.score.name}
                  value={String(score)}
                  defaultChecked={typed?.score === String(score)}
                  className="peer sr-only"
                />
                <span className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 text-sm font-semibold tabular-nums peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 dark:border-slate-600">
                  {t("surveys.score", { score })}
                </span>
              </label>
            ))}
          </div>
          <ErrorList id={scoreErrorId} errors={fields.score.errors} />
        </fieldset>
        <div>
          <label htmlFor={fields.comments.id} className="text-sm font-medium">
            {t("surveys.comments")}
          </label>
          <textarea
            id={fields.comments.id}
            name={fields.comments.name}
            defaultValue={typed?.comments ?? ""}
            maxLength={500}
            rows={3}
            aria-describedby={`${fields.comments.id}-ayuda`}
            className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-600 dark:bg-slate-900"
          />
          <p id={`${fields.comments.id}-ayuda`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t("surveys.commentsHint")}
          </p>
          <ErrorList id={`${fields.comments.id}-error`} errors={fields.comments.errors} />
        </div>
        <div className="flex flex-col items-center gap-1.5">
          <SubmitButton disabled={!valid} describedBy={valid ? undefined : "encuesta-envio-motivo"} pendingText={t("surveys.sending")}>
            {t("surveys.submit")}
          </SubmitButton>
          {valid ? null : (
            <p id="encuesta-envio-motivo" className="text-xs text-slate-600 dark:text-slate-300">
              {t("surveys.scoreFirst")}
            </p>
          )}
        </div>
      </Form>
      <div className="mt-3 flex justify-center">{skip}</div>
    </Modal>
  );
}
