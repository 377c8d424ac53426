import type { PaymentState } from "#core/domain/payment-state";
import { useTranslation } from "~/i18n";

import { stateBadgeClass } from "./state-tone";

export type { PaymentState };

/** A payment's state in words, never by colour alone (decision 119): 'Programado', 'Vencido' or 'Pagado'. */
export function StatusBadge({ status }: { status: PaymentState }) {
  const { t } = useTranslation("payments");
  return <span className={stateBadgeClass(status)}>{t(`status.${status}`)}</span>;
}
