import type { Movement } from "#core/domain/movements";
import { movementTypeKey } from "#core/domain/movements";
import { CopyButton } from "~/components/ui/CopyButton";
import { Money } from "~/components/ui/Money";
import { type PhonePlacement, ResponsiveTable, type ResponsiveTableColumn } from "~/components/ui/ResponsiveList";
import { useTranslation } from "~/i18n";

export type MovementRow = Movement & { dateText: string };

/** An account's movements: date, type name (§3 catalogue), concept, counterparty, amounts. */
export function MovementsTable({ movements, caption }: { movements: MovementRow[]; caption: string }) {
  const { t } = useTranslation("accounts");
  const columns = useColumns();
  return (
    <ResponsiveTable
      rows={movements}
      rowKey={(movement) => movement.id}
      columns={columns}
      caption={caption}
      phoneRows="cards"
      // The page already has regions named after the account (decision 055).
      scroll={{ label: t("movements.list"), minWidthClass: "md:min-w-[48rem]" }}
    />
  );
}

/** The signed amount sits beside the counterparty; the empty 'Cargo' or 'Abono' cell is left out of the card. */
const amountPlacement =
  (direction: Movement["direction"]) =>
  (movement: MovementRow): PhonePlacement =>
    movement.direction === direction ? { order: 2, tone: "strong", end: true } : "hidden";

/*
 * Below md each movement is a card (decision 055): the counterparty and the amount first, then the
 * movement's type and date; the concept and reference are secondary.
 */
function useColumns(): ResponsiveTableColumn<MovementRow>[] {
  const { t } = useTranslation("accounts");
  return [
    {
      key: "date",
      header: t("movements.columns.date"),
      numeric: true,
      cellClassName: "whitespace-nowrap",
      phone: { order: 4, tone: "secondary", end: true },
      cell: (movement) => movement.dateText,
    },
    {
      key: "type",
      header: t("movements.columns.type"),
      phone: { order: 3, tone: "secondary" },
      cell: (movement) => t(movementTypeKey(movement.typeId)),
    },
    {
      key: "description",
      header: t("movements.columns.description"),
      phone: { order: 5, tone: "secondary", wide: true },
      cell: (movement) => movement.description,
    },
    {
      key: "counterparty",
      header: t("movements.columns.counterparty"),
      phone: { order: 1, tone: "lead" },
      cell: (movement) => movement.counterparty || t(movementTypeKey(movement.typeId)),
    },
    {
      key: "reference",
      header: t("movements.columns.reference"),
      numeric: true,
      phone: (movement) =>
        movement.reference || movement.trackingKey
          ? { order: 6, tone: "secondary", wide: true, label: `${t("movements.columns.reference")}: ` }
          : "hidden",
      cell: (movement) => (
        <>
          {movement.reference}
          {movement.trackingKey ? (
            // The key on a line of its own and never broken: a treasurer reads it out or copies it whole.
            <span className="block">
              <span className="block text-xs text-slate-600 dark:text-slate-300">{t("movements.trackingKey")}:</span>
              {/* A compact 'Copiar' (24 px from sm up, WCAG 2.2 2.5.8) keeps the table's rows as low as without JavaScript. */}
              <span className="inline-flex flex-wrap items-center gap-x-2 sm:flex-nowrap">
                <span className="select-all whitespace-nowrap font-mono text-xs">{movement.trackingKey}</span>
                <CopyButton value={movement.trackingKey} label={t("movements.trackingKey")} compact />
              </span>
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: "out",
      header: t("movements.columns.out"),
      align: "right",
      phone: amountPlacement("out"),
      cell: (movement) =>
        movement.direction === "out" ? (
          <Money amount={-movement.amount} currency={movement.currency} className="text-failed dark:text-red-400" />
        ) : null,
    },
    {
      key: "in",
      header: t("movements.columns.in"),
      align: "right",
      phone: amountPlacement("in"),
      cell: (movement) =>
        movement.direction === "in" ? <Money amount={movement.amount} currency={movement.currency} className="text-success" /> : null,
    },
  ];
}
