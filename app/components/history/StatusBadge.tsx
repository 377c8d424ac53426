import type { Outcome } from "#core/domain/operation-status";

export type StatusBadgeProps = {
  label: string;
  /** §4 generic outcome: the badge's colour. */
  outcome: Outcome;
  /** Waiting for a person ('Por aprobar', 'Por autorizar'), not for the bank: outlined, with a hollow dot. */
  awaiting?: boolean;
  className?: string;
};

export const outcomeText: Record<Outcome, string> = {
  success: "text-success dark:text-green-400",
  pending: "text-pending dark:text-amber-300",
  failed: "text-failed dark:text-red-400",
};

const look: Record<Outcome, string> = {
  success: "bg-green-50 ring-success/30 dark:bg-green-950",
  pending: "bg-amber-50 ring-pending/30 dark:bg-amber-950",
  failed: "bg-red-50 ring-failed/30 dark:bg-red-950",
};

const dot: Record<Outcome, string> = { success: "bg-success", pending: "bg-pending", failed: "bg-failed" };

/** An operation's status with the v2 label and the success / pending / failed colour of §4. */
export function StatusBadge({ label, outcome, awaiting, className }: StatusBadgeProps) {
  return (
    <span
      data-outcome={outcome}
      className={[
        "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        awaiting ? "bg-white ring-pending dark:bg-transparent" : look[outcome],
        outcomeText[outcome],
        className,
      ]
        .filter(Boolean)
        .join(" ")}
    >
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${awaiting ? "ring-1 ring-current" : dot[outcome]}`} />
      {label}
    </span>
  );
}
