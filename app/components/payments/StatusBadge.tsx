import { useTranslation } from "~/i18n";

export type PaymentStatus = "scheduled" | "pending" | "paid";

const TONES: Record<PaymentStatus, string> = {
  scheduled: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  paid: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
};

/** A payment's status in words (§3: scheduled, pending, paid), never by colour alone. */
export function StatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation("payments");
  return (
    <span className={`w-fit whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}
