import type { PreviewRow } from "#server/recipients/upload-view.server";
import { useTranslation } from "~/i18n";

export type { PreviewRow };

/** The checked rows of an upload (§2 /destinatarios-alta-multiple): each row's errors, by column. */
export function UploadPreview({ rows, caption }: { rows: PreviewRow[]; caption: string }) {
  const { t } = useTranslation("recipients");
  const cell = "px-3 py-2.5 text-left align-top";
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600 dark:bg-slate-800 dark:text-slate-300">
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
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((row) => (
            <tr key={row.line} className={row.errors.length ? "bg-red-50/60 dark:bg-red-950/40" : undefined}>
              <th scope="row" className={`${cell} tabular-nums`}>
                {row.line}
              </th>
              <td className={cell}>
                <span className="block font-semibold">{row.name}</span>
                {row.alias ? <span className="block text-slate-600 dark:text-slate-300">{row.alias}</span> : null}
              </td>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>{row.last4 ? `•••• ${row.last4}` : ""}</td>
              <td className={cell}>{row.type ? t(`form.types.${row.type}`) : ""}</td>
              <td className={cell}>
                {row.errors.length === 0 ? (
                  <span className="font-semibold text-success">{t("upload.preview.ok")}</span>
                ) : (
                  <ul className="space-y-0.5 text-failed dark:text-red-400">
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
