import { Link, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

import { buttonClass } from "~/components/ui/button";

export type JobProgressProps = {
  /** The heading's id, for the section that wraps the card to be named by it. */
  headingId: string;
  job: { finished: boolean; done: number; total: number };
  texts: {
    title: string;
    done: string;
    label: string;
    status: string;
    /** What the finished job did, after its status. */
    summary: string | null;
    /** Said once it is done when some rows were never sent (the owner's session ended: decision 067). */
    warning?: string | null;
    download: string;
    downloadCsv: string;
    refresh: string;
  };
  resultHref: (format: "xlsx" | "csv") => string;
  /** Where to go once it is done (the list the job filled). */
  next: { href: string; label: string };
};

/**
 * A bulk job's progress card (decisions 041, 062): a bar and its status, live with JS (polled every
 * second while it runs) and with 'Actualizar' and the page's <noscript> refresh without; once done,
 * the result file in XLSX and CSV and the way on.
 */
export function JobProgress({ headingId, job, texts, resultHref, next }: JobProgressProps) {
  const revalidator = useRevalidator();
  const location = useLocation();
  useEffect(() => {
    if (job.finished) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [job.finished, revalidator]);
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <h3 id={headingId} className="font-semibold">
        {job.finished ? texts.done : texts.title}
      </h3>
      <progress value={job.done} max={Math.max(1, job.total)} aria-label={texts.label} className="h-3 w-full" />
      <p role="status" aria-live="polite">
        {texts.status} {job.finished ? texts.summary : null}
      </p>
      {job.finished && texts.warning ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100">
          {texts.warning}
        </p>
      ) : null}
      {job.finished ? (
        <div className="flex flex-wrap gap-3">
          <a href={resultHref("xlsx")} download className={buttonClass("primary")}>
            {texts.download}
          </a>
          <a href={resultHref("csv")} download className={buttonClass("secondary")}>
            {texts.downloadCsv}
          </a>
          <Link to={next.href} className={buttonClass("ghost")}>
            {next.label}
          </Link>
        </div>
      ) : (
        <Link
          to={`${location.pathname}${location.search}`}
          reloadDocument
          className="self-start text-sm font-semibold text-brand-700 underline dark:text-brand-300"
        >
          {texts.refresh}
        </Link>
      )}
    </div>
  );
}
