import { getFormProps, getInputProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { priceWithTax } from "#core/domain/membership";
import { planHighlights } from "#core/domain/plan-features";
import { wizardSchema } from "#core/domain/wizard";
import auth from "#core/locales/es-MX/auth.json";
import membership from "#core/locales/es-MX/membership.json";
import { formatMoney } from "#core/money";
import { TermsConsent } from "~/components/membership/TermsConsent";
import { BrandedPage } from "~/components/shell/BrandedPage";
import { FieldErrors } from "~/components/ui/field-parts";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useForm } from "~/components/ui/use-form";
import { useTranslation } from "~/i18n";
import {
  callContext,
  enrolMember,
  formAnswer,
  json,
  loginWithBankToken,
  readForm,
  requireState,
  wizardOffer,
} from "~/server-imports/wizard";
import type { PageHandle } from "~/utils/page-title";

/** Membership wizard (§2): a bank user new to the product picks a plan and accepts the terms. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireState(request, ["wizardState"]);
  const { plans, cost, trialDays } = await wizardOffer(callContext(request, context));
  // Pro's fee as the membership page shows it: the monthly total with its tax, then the fee before tax.
  const priced = priceWithTax(cost);
  const money = (amount: number | string) => formatMoney(Number(amount), cost.currency);
  const price = priced ? { total: money(priced.total), fee: money(priced.amount) } : { total: money(cost.amount), fee: null };
  return json({ plans, price, trialDays });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireState(request, ["wizardState"]);
  const submission = parseWithZod(await readForm(request), { schema: wizardSchema });
  if (submission.status !== "success") return formAnswer({ result: submission.reply() }, 400);

  const bankToken = session.get("bankToken");
  if (!bankToken) throw new Response("Sesión inválida", { status: 400 });
  const enrolled = await enrolMember(callContext(request, context), bankToken, submission.value.membership);
  if (enrolled === "failed") return formAnswer({ result: submission.reply({ formErrors: ["wizard.failed"] }) }, 502);
  return loginWithBankToken(request, context, bankToken);
}

export default function Wizard() {
  const { plans, price, trialDays } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [form, fields] = useForm({
    lastResult: actionData?.result ?? null,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    constraint: getZodConstraint(wizardSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: wizardSchema }),
  });
  const proPrice = price.fee
    ? t("wizard.proPrice", { total: price.total, fee: price.fee })
    : t("wizard.proPriceNoTax", { amount: price.total });
  const describe = (id: number) => (id === 2 ? [proPrice, t("wizard.proTrial", { days: trialDays })] : [t("wizard.basicPrice")]);
  const formErrors = form.errors?.map((key) => (key.startsWith("wizard.") ? t(key) : key));

  return (
    <BrandedPage labelledBy="wizard-titulo" width="wide" centred={false}>
      <h1 id="wizard-titulo" className="text-3xl font-bold">
        {t("wizard.title")}
      </h1>
      <p className="text-slate-600 dark:text-slate-300">{t("wizard.description")}</p>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
        <AuthenticityTokenInput />
        <fieldset aria-describedby={fields.membership.errors ? fields.membership.errorId : undefined}>
          <legend className="mb-3 font-semibold">{t("wizard.plansLegend")}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {plans.map((plan) => {
              // HTML forbids `pattern` on a radio, and each radio needs an id of its own.
              const {
                key,
                pattern: _pattern,
                id: _id,
                ...radio
              } = getInputProps(fields.membership, {
                type: "radio",
                value: String(plan.id),
              });
              const inputId = `plan-${plan.id}`;
              const detailId = `plan-${plan.id}-detalle`;
              // The label is the plan's name, stretched over the whole card so a click anywhere picks it;
              // the details (a list, which a label may not hold) describe the radio.
              return (
                <div
                  key={key ?? plan.id}
                  className="relative flex flex-col gap-2 rounded-xl border-2 border-slate-200 bg-white p-5 has-[:checked]:border-brand-500 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/40 dark:border-slate-700 dark:bg-slate-900"
                >
                  <span className="flex items-center gap-3">
                    <input {...radio} id={inputId} aria-describedby={detailId} className="fxn-choice relative z-10" />
                    <label htmlFor={inputId} className="cursor-pointer text-lg font-semibold after:absolute after:inset-0 after:rounded-xl">
                      {plan.name}
                    </label>
                  </span>
                  <div id={detailId} className="flex flex-col gap-2">
                    {describe(plan.id).map((line) => (
                      <p key={line} className="text-sm font-medium text-brand-700 dark:text-brand-100">
                        {line}
                      </p>
                    ))}
                    <ul className="list-disc pl-5 text-sm text-slate-600 dark:text-slate-300">
                      {/* What the plan includes is the portal's own rule (decision 124), not the product's wording. */}
                      {planHighlights(plan.id).map((feature) => (
                        <li key={feature}>{t(`membership:features.${feature}`)}</li>
                      ))}
                    </ul>
                  </div>
                </div>
              );
            })}
          </div>
          <FieldErrors id={fields.membership.errorId} errors={fields.membership.errors ?? []} />
        </fieldset>
        <TermsConsent meta={fields.terms} t={t} i18nKey="wizard.terms" />
        {formErrors?.length ? (
          <p role="alert" id={form.errorId} className="rounded-md bg-red-50 p-3 text-failed dark:bg-red-950">
            {formErrors.join(" ")}
          </p>
        ) : null}
        <SubmitButton pendingText={t("wizard.pending")} className="sm:self-end sm:px-8">
          {t("wizard.submit")}
        </SubmitButton>
      </Form>
    </BrandedPage>
  );
}

export const handle: PageHandle = { namespaces: { auth, membership }, titleKey: "auth:wizard.meta" };

export { ErrorBoundary } from "~/components/errors/error-boundary";
