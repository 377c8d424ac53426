import type { ReactNode } from "react";

import type { OperationDetail } from "#server/history/view";
import { Drawer } from "~/components/ui/Drawer";
import { useTranslation } from "~/i18n";

export type OperationDrawerProps = {
  detail: OperationDetail;
  /** The list behind, with its filters: where × and the backdrop go. */
  closeHref: string;
  children: ReactNode;
  footer?: ReactNode;
};

/**
 * The right-hand operation drawer of §2 (520 px): header with the operation type, the GFB
 * reference (or '- - -') and the id, each with its label, subtitle 'Operador: {operator}'. The
 * three views (detail, share, preview) are three URLs that render their body and footer inside it.
 */
export function OperationDrawer({ detail, closeHref, children, footer }: OperationDrawerProps) {
  const { t } = useTranslation("history");
  return (
    <Drawer
      open
      id="operacion"
      width="md"
      title={t(`type.${detail.kind}`)}
      closeHref={closeHref}
      footer={footer}
      subtitle={
        <div className="flex flex-col gap-0.5">
          <dl className="flex flex-wrap gap-x-4">
            <div>
              <dt className="inline">{t("detail.referenceLabel")}</dt>{" "}
              <dd className="inline font-medium text-slate-800 dark:text-slate-100">{detail.reference ?? t("detail.noReference")}</dd>
            </div>
            <div>
              <dt className="inline">{t("detail.operationLabel")}</dt>{" "}
              <dd className="inline font-medium text-slate-800 dark:text-slate-100">{detail.id}</dd>
            </div>
          </dl>
          <p>{t("detail.operator", { operator: detail.operator ?? t("detail.unknown") })}</p>
        </div>
      }
    >
      {children}
    </Drawer>
  );
}
