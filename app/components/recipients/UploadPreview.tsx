import type { PreviewRow } from "#server/recipients/upload-view.server";
import { FileRowsTable, PhoneOnly, type ResponsiveTableColumn } from "~/components/ui/ResponsiveList";
import { useTranslation } from "~/i18n";

export type { PreviewRow };

/**
 * The checked rows of an upload (§2 /destinatarios-alta-multiple): each row's errors, by column.
 * Below 768 px each row is a list row (decision 055): the row and its outcome first, then who, then
 * the errors across the whole width; no sideways scroll.
 */
export function UploadPreview({ rows, caption }: { rows: PreviewRow[]; caption: string }) {
  const { t } = useTranslation("recipients");
  const columns = useColumns();
  return <FileRowsTable rows={rows} columns={columns} caption={caption} lineLabel={t("upload.preview.row")} />;
}

function useColumns(): ResponsiveTableColumn<PreviewRow>[] {
  const { t } = useTranslation("recipients");
  const typeText = (row: PreviewRow) => (row.type ? t(`form.types.${row.type}`) : "");
  const accountText = (row: PreviewRow) => (row.last4 ? `•••• ${row.last4}` : "");
  return [
    {
      // The phone's outcome, beside the row number; the wide table has its own column.
      key: "outcome",
      header: t("upload.preview.result"),
      table: false,
      phone: { order: 2, end: true },
      cell: (row) => (
        <span
          className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            row.errors.length
              ? "bg-red-100 text-failed dark:bg-red-950 dark:text-red-300"
              : "bg-green-50 text-success dark:bg-green-950 dark:text-green-300"
          }`}
        >
          {row.errors.length ? t("upload.resultFile.invalid") : t("upload.preview.ok")}
        </span>
      ),
    },
    {
      key: "recipient",
      header: t("upload.preview.recipient"),
      cellClassName: "min-w-0",
      phone: { order: 3, wide: true },
      cell: (row) => (
        <>
          <span className="block font-semibold [overflow-wrap:anywhere]">{row.name}</span>
          {row.alias ? <span className="block text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">{row.alias}</span> : null}
          <PhoneOnly className="block text-xs text-slate-600 dark:text-slate-300">
            {[accountText(row), typeText(row)].filter(Boolean).join(" · ")}
          </PhoneOnly>
        </>
      ),
    },
    {
      key: "account",
      header: t("upload.preview.account"),
      numeric: true,
      cellClassName: "whitespace-nowrap",
      phone: "hidden",
      cell: accountText,
    },
    { key: "type", header: t("upload.preview.type"), phone: "hidden", cell: typeText },
    {
      key: "result",
      header: t("upload.preview.result"),
      phone: (row) => (row.errors.length ? { order: 4, wide: true } : "hidden"),
      cell: (row) =>
        row.errors.length === 0 ? (
          <span className="font-semibold text-success">{t("upload.preview.ok")}</span>
        ) : (
          <ul className="space-y-0.5 text-failed [overflow-wrap:anywhere] dark:text-red-400">
            {row.errors.map((error) => (
              <li key={`${error.column}-${error.message}`}>
                {error.column}: {error.message}
              </li>
            ))}
          </ul>
        ),
    },
  ];
}
