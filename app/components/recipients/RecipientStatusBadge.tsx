import type { RecipientStatus } from "#core/domain/recipients";
import { useTranslation } from "~/i18n";

const tones: Record<RecipientStatus, string> = {
  pending: "bg-amber-50 text-pending dark:bg-amber-950",
  authorized: "bg-green-50 text-success dark:bg-green-950",
  changed: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
};

/** §3/§4 recipient status as a person reads it (`rowStatus`): Pendiente, Autorizado, Modificado. */
export function RecipientStatusBadge({ status }: { status: RecipientStatus }) {
  const { t } = useTranslation("recipients");
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[status]}`}>{t(`status.${status}`)}</span>;
}
