import { Link } from "@remix-run/react";

import { EmailText } from "~/components/collaborators/EmailText";
import { useTranslation } from "~/i18n";

export type CollaboratorRowView = {
  id: string;
  name: string;
  profileType: "ADMINISTRADOR" | "COLABORADOR";
  email: string | null;
  whatsapp: string | null;
  /** What they may do, as the drawer says it ("Cuentas propias: sí", …). */
  permissions: string[];
  editHref: string;
};

/**
 * 'Permisos de colaboradores' (§2): each collaborator with their contact data, what they may do
 * (the drawer's facts, so the list answers it without opening it) and the link to their drawer.
 */
export function CollaboratorsList({ rows }: { rows: CollaboratorRowView[] }) {
  const { t } = useTranslation("collaborators");
  return (
    <ul className="flex flex-col gap-3">
      {rows.map((row) => (
        <li
          key={row.id}
          className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700 dark:bg-slate-900"
        >
          <dl className="grid min-w-0 grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            <div className="min-w-0">
              <dt className="sr-only">{t("columns.name")}</dt>
              <dd className="font-semibold text-slate-900 dark:text-slate-100">{row.name}</dd>
            </div>
            <div className="min-w-0">
              <dt className="inline text-slate-600 dark:text-slate-300">{t("columns.profile")}: </dt>
              <dd className="inline text-slate-900 dark:text-slate-100">{t(`profiles.${row.profileType}`)}</dd>
            </div>
            {/* On a phone the address has a line of its own, so it fits whole instead of breaking before its last dot. */}
            <div className="min-w-0">
              <dt className="text-slate-600 sm:inline dark:text-slate-300">{t("columns.email")}: </dt>
              <dd className="break-words text-slate-900 sm:inline dark:text-slate-100">
                {row.email ? <EmailText email={row.email} /> : t("unavailable")}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="inline text-slate-600 dark:text-slate-300">{t("columns.whatsapp")}: </dt>
              <dd className="inline text-slate-900 dark:text-slate-100">{row.whatsapp ?? t("unavailable")}</dd>
            </div>
            <div className="min-w-0 sm:col-span-2">
              <dt className="sr-only">{t("summary.label")}</dt>
              <dd>
                <ul className="mt-1 flex flex-wrap gap-1.5">
                  {row.permissions.map((fact) => (
                    <li
                      key={fact}
                      className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                    >
                      {fact}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          </dl>
          <Link
            to={row.editHref}
            preventScrollReset
            aria-label={t("editNamed", { name: row.name })}
            className="shrink-0 font-semibold text-brand-700 underline dark:text-brand-300"
          >
            {t("edit")}
          </Link>
        </li>
      ))}
    </ul>
  );
}
