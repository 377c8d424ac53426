import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { Drawer } from "~/components/ui/Drawer";
import { ErrorList } from "~/components/ui/Field";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { Tabs } from "~/components/ui/Tabs";
import { useTranslation } from "~/i18n";

export type SettingsTab = "empresas" | "datos";

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
    fullName: string;
    profileLabel: string;
    companyName: string;
    email: string | null;
    phone: string | null;
  };
  isAdmin: boolean;
  /** Messages for the company change form (already translated). */
  errors?: string[];
  /** 'Editar' links beside the contact rows, shown when given. */
  editEmailHref?: string;
  editWhatsAppHref?: string;
  /** 'Permisos de colaboradores' (administrators): the collaborators screen, when given. */
  collaboratorsHref?: string;
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
  errors,
  editEmailHref,
  editWhatsAppHref,
  collaboratorsHref,
}: SettingsDrawerProps) {
  const { t } = useTranslation("settings");
  const footer =
    tab === "empresas" ? (
      <SubmitButton form={CHANGE_COMPANY_FORM_ID} disabled={companies.length <= 1} className="w-full">
        {t("companies.submit")}
      </SubmitButton>
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
        <UserDataTab
          user={user}
          isAdmin={isAdmin}
          editEmailHref={editEmailHref}
          editWhatsAppHref={editWhatsAppHref}
          collaboratorsHref={collaboratorsHref}
        />
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
                    className="h-4 w-4 shrink-0 accent-brand-600 focus:outline-none"
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

function ContactValue({ value, editHref, editLabel }: { value: string | null; editHref?: string; editLabel: string }) {
  const { t } = useTranslation("settings");
  return (
    <span className="inline-flex flex-wrap items-baseline justify-end gap-x-3">
      {value ?? <span className="font-normal italic text-slate-500 dark:text-slate-400">{t("user.contact.unavailable")}</span>}
      {editHref ? (
        <Link
          to={editHref}
          preventScrollReset
          aria-label={editLabel}
          className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
        >
          {t("user.contact.edit")}
        </Link>
      ) : null}
    </span>
  );
}

const DISABLED_ROW =
  "flex w-full items-center justify-between rounded-lg border border-slate-200 px-4 py-3 text-left text-sm font-medium " +
  "text-slate-900 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:text-slate-100";

function UserDataTab({
  user,
  isAdmin,
  editEmailHref,
  editWhatsAppHref,
  collaboratorsHref,
}: Pick<SettingsDrawerProps, "user" | "isAdmin" | "editEmailHref" | "editWhatsAppHref" | "collaboratorsHref">) {
  const { t } = useTranslation("settings");
  return (
    <div className="space-y-8">
      <Section id="datos-personales" title={t("user.personal.title")}>
        <dl className="mt-2">
          <Row label={t("user.personal.name")}>{user.fullName}</Row>
          <Row label={t("user.personal.profile")}>{user.profileLabel}</Row>
          <Row label={t("user.personal.company")}>{user.companyName}</Row>
        </dl>
      </Section>
      <Section id="datos-contacto" title={t("user.contact.title")}>
        <dl className="mt-2">
          <Row label={t("user.contact.email")}>
            <ContactValue value={user.email} editHref={editEmailHref} editLabel={t("user.contact.editEmail")} />
          </Row>
          <Row label={t("user.contact.whatsapp")}>
            <ContactValue value={user.phone} editHref={editWhatsAppHref} editLabel={t("user.contact.editWhatsApp")} />
          </Row>
        </dl>
      </Section>
      <Section id="seguridad" title={t("user.security.title")}>
        <ul className="mt-3 space-y-2">
          {isAdmin ? (
            <li className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-700">
              {collaboratorsHref ? (
                <Link to={collaboratorsHref} className="text-sm font-medium text-brand-700 underline dark:text-brand-100">
                  {t("user.security.collaborators")}
                </Link>
              ) : (
                <span className="text-sm font-medium text-slate-900 dark:text-slate-100">{t("user.security.collaborators")}</span>
              )}
              {collaboratorsHref ? (
                <Link
                  to={`${collaboratorsHref}?dialogo=solicitar-activacion`}
                  className="shrink-0 rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-700 dark:bg-brand-900 dark:text-brand-100"
                >
                  {t("user.security.requestActivation")}
                </Link>
              ) : null}
            </li>
          ) : null}
          <li>
            <button type="button" disabled className={DISABLED_ROW}>
              {t("user.security.changePassword")}
            </button>
          </li>
          <li>
            <button type="button" disabled className={DISABLED_ROW}>
              {t("user.security.syncToken")}
            </button>
          </li>
        </ul>
      </Section>
    </div>
  );
}
