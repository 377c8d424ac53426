import type { PlannerState } from "#core/domain/payment-planner";
import type { PaymentState } from "#core/domain/payment-state";
import { useTranslation } from "~/i18n";

import { inProgressBadgeClass, stateBadgeClass } from "./state-tone";

export type { PaymentState };

/**
 * A payment's state in words, never by colour alone (decision 119): 'Programado', 'Vencido' or
 * 'Pagado', and on the planner 'En proceso' (amber) while an operation already pays it.
 */
export function StatusBadge({ status }: { status: PlannerState }) {
  const { t } = useTranslation("payments");
  return <span className={status === "inProgress" ? inProgressBadgeClass : stateBadgeClass(status)}>{t(`status.${status}`)}</span>;
}
