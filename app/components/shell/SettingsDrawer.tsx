import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { useEffect, useRef } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

import type { ThemeChoice } from "#core/domain/theme";
import { StatusBadge } from "~/components/history/StatusBadge";
import { buttonClass } from "~/components/ui/button";
import { Drawer } from "~/components/ui/Drawer";
import { ErrorList } from "~/components/ui/Field";
import { Icon } from "~/components/ui/icons";
import { LoadError } from "~/components/ui/LoadError";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { Tabs } from "~/components/ui/Tabs";
import { useTranslation } from "~/i18n";

export type SettingsTab = "empresas" | "datos";

/** One contact row: the address or number as shown, confirmed or waiting for its link, and where to change it. */
export type ContactRowView = {
  display: string | null;
  state: "verified" | "pending" | "missing";
  editHref: string;
};

export type SettingsContact =
  | {
      email: ContactRowView;
      whatsapp: ContactRowView;
      /** 'Recibir información en mi WhatsApp' (§7 activate-channel), posted to `action` with `redirectTo`. */
      whatsappInfo: boolean;
      action: string;
      redirectTo: string;
    }
  | { unavailable: true; retryHref: string };

export type SettingsDrawerProps = {
  open: boolean;
  closeHref: string;
  tab: SettingsTab;
  tabHrefs: Record<SettingsTab, string>;
  companies: { clientId: string; businessName: string }[];
  currentCompanyId: string;
  /** Posts `clientId` (the chosen company) with the CSRF input. */
  changeCompanyAction: string;
  /** The hidden CSRF input element. */
  csrfToken: ReactNode;
  user: {
    /** §3 User: the first name, the surname's initial and a dot ('Ana M.'). */
    name: string;
    profileLabel: string;
    companyName: string;
  };
  /** 'Datos de contacto' as the product holds them (decision 059); null while the tab is not shown. */
  contact: SettingsContact | null;
  isAdmin: boolean;
  /**
   * 'Apariencia': the choices (the shell's THEME_CHOICES, passed in so this on-demand part shares no
   * module with the shell, decision 077), the stored theme, where the choice is posted, and the page to come back to.
   */
  appearance: { choices: readonly ThemeChoice[]; current: ThemeChoice; action: string; redirectTo: string };
  /** Messages for the company change form (already translated). */
  errors?: string[];
  /** 'Permisos de colaboradores' (administrators): the collaborators screen, when given. */
  collaboratorsHref?: string;
  /** 'Solicitar Activación' and its modal, only when there is something to request (§6). */
  activationRequestHref?: string;
  /** The member's plan (null when unreadable) and the membership page (decision 061). */
  membership?: { name: string | null; href: string };
};

export const CHANGE_COMPANY_FORM_ID = "form-cambiar-empresa";
const ERRORS_ID = "errores-cambiar-empresa";

/** 'Configuración' (SPEC §2): the company switcher and the user's data, as two link tabs. */
export function SettingsDrawer({
  open,
  closeHref,
  tab,
  tabHrefs,
  companies,
  currentCompanyId,
  changeCompanyAction,
  csrfToken,
  user,
  isAdmin,
  appearance,
  errors,
  contact,
  collaboratorsHref,
  activationRequestHref,
  membership,
}: SettingsDrawerProps) {
  const { t } = useTranslation("settings");
  const footer =
    tab === "empresas" ? (
      <>
        <SubmitButton
          form={CHANGE_COMPANY_FORM_ID}
          disabled={companies.length <= 1}
          describedBy={companies.length <= 1 ? "empresa-unica-motivo" : undefined}
          className="w-full"
        >
          {t("companies.submit")}
        </SubmitButton>
        {/* A disabled control says why (decision 055). */}
        {companies.length <= 1 ? (
          <p id="empresa-unica-motivo" className="mt-1.5 text-center text-xs text-slate-600 dark:text-slate-300">
            {t("companies.onlyOne")}
          </p>
        ) : null}
      </>
    ) : undefined;

  return (
    <Drawer open={open} id="configuracion" title={t("title")} closeHref={closeHref} width="md" footer={footer}>
      <Tabs
        label={t("tabs.label")}
        current={tab}
        replace
        className="-mx-6 -mt-5 mb-6 px-6"
        tabs={[
          { id: "empresas", label: t("tabs.empresas"), href: tabHrefs.empresas },
          { id: "datos", label: t("tabs.datos"), href: tabHrefs.datos },
        ]}
      />
      {tab === "empresas" ? (
        <CompaniesTab
          companies={companies}
          currentCompanyId={currentCompanyId}
          action={changeCompanyAction}
          csrfToken={csrfToken}
          errors={errors}
        />
      ) : (
        <>
          <UserDataTab
            user={user}
            contact={contact}
            csrfToken={csrfToken}
            isAdmin={isAdmin}
            collaboratorsHref={collaboratorsHref}
            activationRequestHref={activationRequestHref}
            membership={membership}
          />
          <AppearanceForm {...appearance} csrfToken={csrfToken} />
        </>
      )}
    </Drawer>
  );
}

function CompaniesTab({
  companies,
  currentCompanyId,
  action,
  csrfToken,
  errors,
}: {
  companies: SettingsDrawerProps["companies"];
  currentCompanyId: string;
  action: string;
  csrfToken: ReactNode;
  errors?: string[];
}) {
  const { t } = useTranslation("settings");
  const hasErrors = (errors?.filter(Boolean).length ?? 0) > 0;
  return (
    <Form id={CHANGE_COMPANY_FORM_ID} method="post" action={action} className="space-y-4">
      {csrfToken}
      <fieldset aria-describedby={hasErrors ? ERRORS_ID : undefined}>
        <legend className="text-base font-medium text-slate-800 dark:text-slate-200">{t("companies.prompt")}</legend>
        <ul className="mt-4 space-y-2">
          {companies.map((company) => {
            const current = company.clientId === currentCompanyId;
            return (
              <li key={company.clientId}>
                <label
                  className={[
                    "flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 p-4 transition-colors",
                    "hover:border-brand-500 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50",
                    "has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500",
                    "dark:border-slate-700 dark:has-[:checked]:border-brand-100 dark:has-[:checked]:bg-brand-900",
                  ].join(" ")}
                >
                  <input
                    type="radio"
                    name="clientId"
                    value={company.clientId}
                    defaultChecked={current}
                    required
                    className="fxn-choice focus:outline-none"
                  />
                  <span className="min-w-0 flex-1 font-medium text-slate-900 dark:text-slate-100">{company.businessName}</span>
                  {current ? (
                    <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                      {t("companies.current")}
                    </span>
                  ) : null}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <ErrorList id={ERRORS_ID} errors={errors} />
    </Form>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-slate-200 py-3 dark:border-slate-700">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words text-right text-sm font-medium text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function ContactSection({ contact, csrfToken }: { contact: SettingsContact | null; csrfToken: ReactNode }) {
  const { t } = useTranslation("settings");
  if (!contact) return null;
  if ("unavailable" in contact) {
    return (
      <div className="mt-3">
        <LoadError message={t("user.contact.loadError")} retryLabel={t("user.contact.retry")} retryHref={contact.retryHref} />
      </div>
    );
  }
  return (
    <>
      <dl className="mt-2">
        <ContactRow
          label={t("user.contact.email")}
          row={contact.email}
          editLabel={t("user.contact.editEmail")}
          resend={{
            channel: "email",
            label: t("user.contact.resendEmail"),
            action: contact.action,
            redirectTo: contact.redirectTo,
            csrfToken,
          }}
        />
        <ContactRow
          label={t("user.contact.whatsapp")}
          row={contact.whatsapp}
          editLabel={t("user.contact.editWhatsApp")}
          resend={{
            channel: "whatsapp",
            label: t("user.contact.resendWhatsApp"),
            action: contact.action,
            redirectTo: contact.redirectTo,
            csrfToken,
          }}
        />
      </dl>
      <WhatsAppInfoForm
        active={contact.whatsappInfo}
        enabled={contact.whatsapp.state === "verified"}
        action={contact.action}
        redirectTo={contact.redirectTo}
        csrfToken={csrfToken}
      />
    </>
  );
}

const LINK = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300";

/** Where a row's 'Reenviar mensaje' posts: the contact drawers' own resend (app/routes/contacto.tsx). */
type ResendTarget = { channel: "email" | "whatsapp"; label: string; action: string; redirectTo: string; csrfToken: ReactNode };

// On a phone each action is a 44 px target; the row keeps one shape: the data on the left, its actions on the right.
const ROW_ACTION = `${LINK} inline-flex min-h-11 items-center sm:min-h-0`;

/**
 * A contact row (§2): the address or number, whether it is confirmed (§4: a changed one is not until its
 * link is followed), 'Editar', and for what waits for its link 'Reenviar mensaje', a native form.
 */
function ContactRow({ label, row, editLabel, resend }: { label: string; row: ContactRowView; editLabel: string; resend: ResendTarget }) {
  const { t } = useTranslation("settings");
  const pending = row.state === "pending";
  const hintId = `${resend.channel}-reenvio-ayuda`;
  return (
    <div className="border-b border-slate-200 py-3 dark:border-slate-700">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-4 gap-y-1">
        <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 sm:min-h-0">
          {row.display ? (
            <span className="min-w-0 break-all text-sm font-medium text-slate-900 dark:text-slate-100">{row.display}</span>
          ) : (
            <span className="text-sm italic text-slate-500 dark:text-slate-400">{t("user.contact.unavailable")}</span>
          )}
          {row.state === "verified" ? <StatusBadge label={t("user.contact.verified")} outcome="success" /> : null}
          {pending ? <StatusBadge label={t("user.contact.pending")} outcome="pending" /> : null}
        </span>
        <div className="flex flex-col items-end text-sm sm:flex-row sm:items-center sm:gap-4">
          {pending ? (
            <Form method="post" action={resend.action} preventScrollReset>
              {resend.csrfToken}
              <input type="hidden" name="intent" value="reenviar" />
              <input type="hidden" name="canal" value={resend.channel} />
              <input type="hidden" name="redirectTo" value={resend.redirectTo} />
              <button type="submit" aria-label={resend.label} aria-describedby={hintId} className={ROW_ACTION}>
                {t("contact.sent.resend")}
              </button>
            </Form>
          ) : null}
          <Link to={row.editHref} preventScrollReset aria-label={editLabel} className={ROW_ACTION}>
            {t("user.contact.edit")}
          </Link>
        </div>
        {pending ? (
          <span id={hintId} className="col-span-2 text-xs text-slate-600 dark:text-slate-300">
            {t("contact.sent.resendHint")}
          </span>
        ) : null}
      </dd>
    </div>
  );
}

const WHATSAPP_INFO_HINT = "whatsapp-info-ayuda";

/**
 * A form's send button that only a page without JavaScript needs: with JavaScript the form is sent as
 * it changes. Once hydrated the button is hidden, not removed: it keeps its place, so nothing the
 * person is looking at, or about to click, moves as the page hydrates (decision 090).
 */
const stepAside = (hydrated: boolean) => (hydrated ? "invisible" : "");

/**
 * A form sent as it changes, and what hydration owes it. A change made before the page hydrated had no
 * handler to send it, and the button that would have sent it steps aside: so on its first commit, a form
 * whose fields no longer say what the server rendered (`changed`) is sent once, as that change would
 * have been (decision 090). A form opened later starts as the server's data says, and sends nothing here.
 * The form takes its ref, change handler and `autoComplete="off"` from here. Without the last, a browser
 * that restores a page's fields on back or reload would bring back an old choice, and this would send it
 * over a newer one made elsewhere.
 */
function useSentAsItChanges(changed: (form: HTMLFormElement) => boolean) {
  const submit = useSubmit();
  const ref = useRef<HTMLFormElement>(null);
  const looked = useRef(false);
  useEffect(() => {
    const form = ref.current;
    if (looked.current || !form) return;
    looked.current = true;
    if (changed(form)) submit(form, SENT_IN_PLACE);
  });
  return { ref, autoComplete: "off", onChange: (event: FormEvent<HTMLFormElement>) => submit(event.currentTarget, SENT_IN_PLACE) };
}

/** A form sent as it changes stays where it is: same scroll, same history entry. */
const SENT_IN_PLACE = { preventScrollReset: true, replace: true } as const;

/**
 * 'Recibir información en mi WhatsApp' (§2, §7 activate-channel): a native form; with JavaScript a
 * change is sent at once and, in the place of 'Guardar preferencia', a line says so and when it is saving. Only a confirmed number can take it.
 */
function WhatsAppInfoForm({
  active,
  enabled,
  action,
  redirectTo,
  csrfToken,
}: {
  active: boolean;
  enabled: boolean;
  action: string;
  redirectTo: string;
  csrfToken: ReactNode;
}) {
  const { t } = useTranslation("settings");
  const hydrated = useHydrated();
  const sentAsItChanges = useSentAsItChanges((form) => enabled && new FormData(form).has("activo") !== active);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formAction === action && navigation.formData?.get("intent") === "whatsapp";
  return (
    <Form
      {...sentAsItChanges}
      method="post"
      action={action}
      preventScrollReset
      replace
      className="mt-4 rounded-lg bg-slate-50 p-4 dark:bg-slate-800/60"
    >
      {csrfToken}
      <input type="hidden" name="intent" value="whatsapp" />
      <input type="hidden" name="canal" value="whatsapp" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label
        className={`flex items-start gap-3 text-sm font-medium ${enabled ? "text-slate-900 dark:text-slate-100" : "text-slate-500 dark:text-slate-400"}`}
      >
        <input
          type="checkbox"
          name="activo"
          value="on"
          defaultChecked={active}
          disabled={!enabled}
          aria-describedby={WHATSAPP_INFO_HINT}
          className="fxn-choice mt-0.5"
        />
        {t("user.contact.whatsappOptIn")}
      </label>
      <p id={WHATSAPP_INFO_HINT} className="ml-7 mt-1 text-xs text-slate-600 dark:text-slate-300">
        {enabled ? t("user.contact.whatsappOptInHint") : t("user.contact.whatsappOptInNeedsVerified")}
      </p>
      {enabled && hydrated ? (
        // Where the button was: how the choice is saved, and that it is, so the card has no blank slot.
        <p role="status" className="ml-7 mt-3 flex min-h-11 items-center text-sm text-slate-700 dark:text-slate-300">
          {saving ? t("user.contact.whatsappOptInSaving") : t("user.contact.whatsappOptInAuto")}
        </p>
      ) : null}
      {enabled && !hydrated ? (
        <button type="submit" className={buttonClass("secondary", "ml-7 mt-3")}>
          {t("user.contact.whatsappOptInSave")}
        </button>
      ) : null}
    </Form>
  );
}

// Disabled, yet not faded like a broken field: the row reads as a place, the badge and the line under it say where it is done.
const BANK_ONLY_ACTION =
  "inline-flex items-center gap-2 text-left text-sm font-medium text-slate-800 disabled:cursor-not-allowed dark:text-slate-100";

function UserDataTab({
  user,
  contact,
  csrfToken,
  isAdmin,
  collaboratorsHref,
  activationRequestHref,
  membership,
}: Pick<SettingsDrawerProps, "user" | "contact" | "isAdmin" | "collaboratorsHref" | "activationRequestHref" | "membership"> & {
  csrfToken: ReactNode;
}) {
  const { t } = useTranslation("settings");
  return (
    <div className="space-y-8">
      <Section id="datos-personales" title={t("user.personal.title")}>
        <dl className="mt-2">
          <Row label={t("user.personal.name")}>{user.name}</Row>
          <Row label={t("user.personal.profile")}>{user.profileLabel}</Row>
          <Row label={t("user.personal.company")}>{user.companyName}</Row>
        </dl>
      </Section>
      <Section id="datos-contacto" title={t("user.contact.title")}>
        <ContactSection contact={contact} csrfToken={csrfToken} />
      </Section>
      <Section id="seguridad" title={t("user.security.title")}>
        <ul className="mt-3 space-y-2">
          {isAdmin ? (
            <li className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-700">
              {collaboratorsHref ? (
                <Link to={collaboratorsHref} className="text-sm font-medium text-brand-700 underline dark:text-brand-300">
                  {t("user.security.collaborators")}
                </Link>
              ) : (
                <span className="text-sm font-medium text-slate-900 dark:text-slate-100">{t("user.security.collaborators")}</span>
              )}
              {activationRequestHref ? (
                <Link
                  to={activationRequestHref}
                  className="inline-flex min-h-8 shrink-0 items-center rounded-full bg-brand-100 px-3 text-xs font-semibold text-brand-700 underline underline-offset-2 ring-1 ring-brand-300 hover:bg-brand-200 dark:bg-brand-900 dark:text-brand-100 dark:ring-brand-700"
                >
                  {t("user.security.requestActivation")}
                </Link>
              ) : null}
            </li>
          ) : null}
          {/* §2: both are disabled here; they are done in the bank's online banking, and each row says so (decision 124). */}
          {(
            [
              ["cambiar-contrasena", "user.security.changePassword", "user.security.changePasswordWhere"],
              ["sincronizar-token", "user.security.syncToken", "user.security.syncTokenWhere"],
            ] as const
          ).map(([id, key, where]) => (
            <li key={id} className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 dark:border-slate-700 dark:bg-slate-800/60">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <button type="button" disabled aria-describedby={`${id}-motivo`} className={BANK_ONLY_ACTION}>
                  <Icon name="shield" className="h-4 w-4 shrink-0 text-slate-600 dark:text-slate-300" />
                  {t(key)}
                </button>
                <span className="text-xs font-semibold text-slate-600 dark:text-slate-300">{t("user.security.inBankBadge")}</span>
              </div>
              <p id={`${id}-motivo`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
                {t(where)}
              </p>
            </li>
          ))}
        </ul>
      </Section>
      {membership ? (
        <Section id="membresia" title={t("user.membership.title")}>
          <dl className="mt-2">
            <Row label={t("user.membership.plan")}>
              <span className="inline-flex flex-wrap items-baseline justify-end gap-x-3">
                {membership.name ?? ""}
                <Link to={membership.href} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                  {t("user.membership.see")}
                </Link>
              </span>
            </Row>
          </dl>
        </Section>
      ) : null}
    </div>
  );
}

const APPEARANCE_HINT_ID = "apariencia-ayuda";

/**
 * 'Apariencia' (decision 051): three radios in a native form that posts the choice and comes back here.
 * With JavaScript the choice is sent as soon as it changes (the page shows it at once, without a
 * reload), so 'Aplicar' steps aside.
 */
function AppearanceForm({ choices, current, action, redirectTo, csrfToken }: SettingsDrawerProps["appearance"] & { csrfToken: ReactNode }) {
  const { t } = useTranslation("settings");
  const hydrated = useHydrated();
  const sentAsItChanges = useSentAsItChanges((form) => {
    const chosen = new FormData(form).get("tema");
    return chosen !== null && chosen !== current;
  });
  return (
    <Form
      {...sentAsItChanges}
      method="post"
      action={action}
      preventScrollReset
      replace
      className="mt-8 border-t border-slate-200 pt-6 dark:border-slate-700"
    >
      {csrfToken}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <fieldset aria-describedby={APPEARANCE_HINT_ID}>
        <legend className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
          {t("appearance.title")}
        </legend>
        <p id={APPEARANCE_HINT_ID} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {t("appearance.hint")}
        </p>
        <div className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-3">
          {choices.map((choice) => (
            <label
              key={choice}
              className={[
                "flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-4 py-3 text-sm font-medium text-slate-900",
                "hover:border-brand-500 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50",
                "has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500",
                "dark:border-slate-600 dark:text-slate-100 dark:hover:border-brand-100 dark:has-[:checked]:border-brand-100",
                "dark:has-[:checked]:bg-brand-900 dark:has-[:focus-visible]:outline-brand-100",
              ].join(" ")}
            >
              <input
                type="radio"
                name="tema"
                value={choice}
                defaultChecked={choice === current}
                className="fxn-choice focus:outline-none"
              />
              {t(`appearance.${choice}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className={buttonClass("secondary", `mt-4 ${stepAside(hydrated)}`)}>
        {t("appearance.submit")}
      </button>
    </Form>
  );
}
