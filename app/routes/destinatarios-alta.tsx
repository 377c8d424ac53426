import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useState } from "react";

import { isRecipientType, type RecipientType } from "#core/domain/recipient-form";
import { recipientDraftSchema, recipientSchema, switchedType } from "#core/domain/recipient-form";
import recipients from "#core/locales/es-MX/recipients.json";
import { withParams } from "#core/url";
import type { ActionResult } from "#server/forms.server";
import type { InternationalBank } from "#server/upstream/recipients.server";
import { RECIPIENT_FORM_ID, RecipientForm } from "~/components/recipients/RecipientForm";
import { buttonClass } from "~/components/ui/button";
import { Modal, ModalActions } from "~/components/ui/Modal";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useTranslation } from "~/i18n";
import {
  countryNames,
  fillChosenBank,
  formAnswer,
  json,
  newToast,
  readForm,
  recipientTypeFrom,
  redirect,
  redirectWithToast,
  registrationCatalogue,
  requireUploadAccess,
  searchBanks,
  serverT,
  submitRegistration,
  takenAliases,
} from "~/server-imports/destinatarios-alta";
import type { PageHandle } from "~/utils/page-title";

/**
 * 'Alta de destinatario' (§2 /destinatarios-alta, only while the upload flag allows, §6): the
 * recipient form of §5 in its four variants (?tipo=pfn|pfe|pmn|pme), then the bank's challenge.
 * Switching the variant keeps everything typed: without JS the switch posts the form to the new
 * `?tipo=` and the page comes back with every value; with JS the values stay in the browser.
 * A bank-format, account or IBAN rejection shows 'Cancelar'/'Reintentar' over the form, which
 * keeps every typed value (§8).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireUploadAccess(request, context);
  const type = recipientTypeFrom(new URL(request.url));
  const [catalogue, countries] = await Promise.all([registrationCatalogue(access, type), countryNames(access, type)]);
  return json(
    { type, ...catalogue, countries, idempotencyKey: crypto.randomUUID() },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionData = ActionResult<{
  bankResults: InternationalBank[] | null;
  bankSearchFailed: boolean;
  registrationError: "bankFormat" | "iban" | "account" | "failed" | null;
  revision: string | null;
}>;

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireUploadAccess(request, context);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "continuar");
  const answer = (data: Partial<ActionData> & Pick<ActionData, "result">, status = 200) =>
    formAnswer<Omit<ActionData, "result">>(
      { bankResults: null, bankSearchFailed: false, registrationError: null, revision: null, ...data },
      status,
    );

  if (intent === "buscar-banco") {
    const banks = await searchBanks(access, formData);
    const result = parseWithZod(formData, { schema: recipientDraftSchema }).reply();
    return answer({ result, bankResults: banks === "failed" ? null : banks, bankSearchFailed: banks === "failed" });
  }
  if (intent.startsWith("usar-banco:")) {
    await fillChosenBank(access, intent, formData);
    // A new revision remounts the form with the bank's data filled in.
    return answer({ result: parseWithZod(formData, { schema: recipientDraftSchema }).reply(), revision: crypto.randomUUID() });
  }
  // The no-JS type switch: the page comes back at `?tipo=` (the button's formaction) with every value.
  if (switchedType(intent)) return answer({ result: parseWithZod(formData, { schema: recipientDraftSchema }).reply() });
  if (intent === "revisar") return answer({ result: parseWithZod(formData, { schema: recipientDraftSchema }).reply() });

  const taken = await takenAliases(access);
  const submission = parseWithZod(formData, { schema: recipientSchema({ takenAliases: taken }) });
  if (submission.status !== "success") return answer({ result: submission.reply() }, 400);
  const key = String(formData.get("idempotencyKey") ?? "");
  if (!/^[0-9a-f-]{36}$/i.test(key)) throw new Response("Solicitud inválida", { status: 400 });

  const outcome = await submitRegistration(access, submission.value, key);
  const t = serverT("recipients");
  switch (outcome.kind) {
    case "challenge":
      return redirect(outcome.url);
    case "duplicateAlias":
      return answer({ result: submission.reply({ fieldErrors: { alias: [t("errors.duplicateAlias")] } }) }, 400);
    case "keyReused":
      return answer({ result: submission.reply({ formErrors: [t("errors.keyReused")] }) }, 422);
    case "rejected":
      return answer({ result: submission.reply(), registrationError: outcome.reason }, 422);
    case "unknown":
      return redirectWithToast(request, "/destinatarios", newToast("info", t("form.unknown")));
    default:
      return answer({ result: submission.reply(), registrationError: "failed" }, 502);
  }
}

export default function RecipientRegistration() {
  const { type, currencies, codeTypes, countries, idempotencyKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("recipients");
  const location = useLocation();
  const navigate = useNavigate();
  const error = actionData?.registrationError ?? null;
  // With JS, a type switch carries what was typed here and only loads the new variant's catalogue.
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  // A second switch clicked while the first one loads starts from the type on its way, not the one still shown
  // ('Persona física' then 'Nacional' from 'pme' is 'pfn', not 'pmn').
  const navigation = useNavigation();
  const pendingTipo =
    navigation.state === "loading" && navigation.location.pathname === location.pathname
      ? new URLSearchParams(navigation.location.search).get("tipo")
      : null;
  const switchFrom = isRecipientType(pendingTipo) ? pendingTipo : type;
  const switchType = (next: RecipientType, values: Record<string, string>) => {
    setDraft(values);
    navigate(withParams(`${location.pathname}${location.search}`, { tipo: next }), { preventScrollReset: true });
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-xl font-semibold">{t("form.title")}</h2>
        <p className="text-slate-600 dark:text-slate-300">{t("form.description")}</p>
      </div>
      <RecipientForm
        key={`${type}-${actionData?.revision ?? ""}`}
        type={type}
        switchFrom={switchFrom}
        currencies={currencies}
        codeTypes={codeTypes}
        idempotencyKey={idempotencyKey}
        lastResult={actionData?.result ?? null}
        bankResults={actionData?.bankResults ?? null}
        bankSearchFailed={actionData?.bankSearchFailed ?? false}
        countries={countries}
        draft={actionData ? null : draft}
        onSwitchType={switchType}
      />
      {error ? <RegistrationError error={error} /> : null}
    </div>
  );
}

/** §8: bank format, account number or IBAN give 'Cancelar'/'Reintentar'; anything else is informational. */
function RegistrationError({ error }: { error: NonNullable<ActionData["registrationError"]> }) {
  const { t } = useTranslation("recipients");
  // 'Reintentar' (and 'Entendido') post the form again without rules: the page comes back with every value.
  const retry = (label: string) => (
    <SubmitButton form={RECIPIENT_FORM_ID} name="intent" value="revisar">
      {label}
    </SubmitButton>
  );
  if (error === "failed") {
    return (
      <Modal open title={t("result.failed.title")} description={t("result.failed.description")} tone="error">
        <ModalActions>{retry(t("result.failed.ok"))}</ModalActions>
      </Modal>
    );
  }
  return (
    <Modal open title={t(`result.${error}.title`)} description={t(`result.${error}.description`)} tone="error">
      <ModalActions>
        <Link to="/destinatarios" className={buttonClass("secondary")}>
          {t("result.cancel")}
        </Link>
        {retry(t("result.retry"))}
      </ModalActions>
    </Modal>
  );
}

export const handle: PageHandle = { namespaces: { recipients }, titleKey: "recipients:form.title" };

export { ErrorBoundary } from "~/components/errors/error-boundary";
