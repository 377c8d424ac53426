import type { PreviewRow } from "#server/recipients/upload-view.server";
import { useTranslation } from "~/i18n";

export type { PreviewRow };

/**
 * The checked rows of an upload (§2 /destinatarios-alta-multiple): each row's errors, by column.
 * Below 768 px each row is a list row (decision 055): the row and its outcome first, then who, then
 * the errors across the whole width; no sideways scroll.
 */
export function UploadPreview({ rows, caption }: { rows: PreviewRow[]; caption: string }) {
  const { t } = useTranslation("recipients");
  const cell = "md:px-3 md:py-2.5 text-left align-top";
  return (
    <div className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full text-sm max-md:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600 max-md:sr-only dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className={cell}>
              {t("upload.preview.row")}
            </th>
            <th scope="col" className={cell}>
              {t("upload.preview.recipient")}
            </th>
            <th scope="col" className={cell}>
              {t("upload.preview.account")}
            </th>
            <th scope="col" className={cell}>
              {t("upload.preview.type")}
            </th>
            <th scope="col" className={cell}>
              {t("upload.preview.result")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-md:block dark:divide-slate-800">
          {rows.map((row) => (
            <tr
              key={row.line}
              className={`max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:gap-x-3 max-md:gap-y-1.5 max-md:p-4 ${
                row.errors.length ? "bg-red-50/60 dark:bg-red-950/40" : ""
              }`}
            >
              <th scope="row" className={`${cell} font-semibold tabular-nums md:font-normal`}>
                <span className="md:hidden">{t("upload.preview.row")} </span>
                {row.line}
              </th>
              {/* The phone's outcome, beside the row number; the wide table has its own column. */}
              <td className="col-start-2 row-start-1 text-right md:hidden">
                <span
                  className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                    row.errors.length
                      ? "bg-red-100 text-failed dark:bg-red-950 dark:text-red-300"
                      : "bg-green-50 text-success dark:bg-green-950 dark:text-green-300"
                  }`}
                >
                  {row.errors.length ? t("upload.resultFile.invalid") : t("upload.preview.ok")}
                </span>
              </td>
              <td className={`${cell} min-w-0 max-md:col-span-2`}>
                <span className="block font-semibold [overflow-wrap:anywhere]">{row.name}</span>
                {row.alias ? <span className="block text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">{row.alias}</span> : null}
                <span className="block text-xs text-slate-600 md:hidden dark:text-slate-300">
                  {[row.last4 ? `•••• ${row.last4}` : "", row.type ? t(`form.types.${row.type}`) : ""].filter(Boolean).join(" · ")}
                </span>
              </td>
              <td className={`${cell} whitespace-nowrap tabular-nums max-md:hidden`}>{row.last4 ? `•••• ${row.last4}` : ""}</td>
              <td className={`${cell} max-md:hidden`}>{row.type ? t(`form.types.${row.type}`) : ""}</td>
              <td className={`${cell} max-md:col-span-2 ${row.errors.length === 0 ? "max-md:hidden" : ""}`}>
                {row.errors.length === 0 ? (
                  <span className="font-semibold text-success">{t("upload.preview.ok")}</span>
                ) : (
                  <ul className="space-y-0.5 text-failed [overflow-wrap:anywhere] dark:text-red-400">
                    {row.errors.map((error) => (
                      <li key={`${error.column}-${error.message}`}>
                        {error.column}: {error.message}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
