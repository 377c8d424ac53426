import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useEffect, useState } from "react";

import type { Banner } from "#core/domain/announcements";
import { Icon } from "~/components/ui/icons";
import { useTranslation } from "~/i18n";

export type NoticesProps = {
  banners: Banner[];
  /** false: the bank's last health check failed. */
  serviceOnline: boolean;
  /** The page's own notices (the dashboard's market line), in the same strip (decision 122). */
  pageNotices?: string[];
  dismissAction: string;
  redirectTo: string;
  csrfToken: ReactNode;
};

/** A row's tint and its icon's colour: a failure red, a delay or a closed market amber, news plain. */
const tone = {
  failed: "bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-100",
  pending: "bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-100",
  brand: "text-slate-800 dark:text-slate-100",
} as const;
const iconTone = {
  failed: "text-failed dark:text-red-300",
  pending: "text-pending dark:text-amber-300",
  brand: "text-brand-600 dark:text-brand-300",
};

/**
 * The shell's notices (§2 banners, §4 connectivity), server-rendered under the top bar as one compact
 * strip, a line each (decision 122): the bank's service down, the browser offline, the page's own
 * notices, then the announcements' banners, each closable for the session with a plain form. With JS,
 * the browser's offline / online events show and clear a line of their own.
 */
export function Notices({ banners, serviceOnline, pageNotices = [], dismissAction, redirectTo, csrfToken }: NoticesProps) {
  const { t } = useTranslation("common");
  const offline = useOffline();

  const textOf = (banner: Banner): { title: string; body?: string; look: keyof typeof tone } => {
    const service = t(`banners.services.${banner.service}`);
    switch (banner.kind) {
      case "issues":
      case "delays":
        return {
          title: t(`banners.${banner.kind}`, { service }),
          body: banner.resolutionTime ? t("banners.resolution", { time: banner.resolutionTime }) : undefined,
          look: banner.kind === "issues" ? "failed" : "pending",
        };
      case "beforeDayOff":
      case "dayOff": {
        const next = banner.nextWorkingDayName;
        const key = next ? `banners.${banner.kind}` : `banners.${banner.kind}NoNext`;
        return { title: t(key, { date: banner.dayName, next }), look: "brand" };
      }
      case "novelty":
        return { title: banner.title, body: banner.copy || undefined, look: "brand" };
    }
  };
  const line = (look: keyof typeof tone, text: ReactNode, end?: ReactNode) => (
    <>
      <Icon name={look === "brand" ? "info" : "error"} className={`h-4 w-4 shrink-0 ${iconTone[look]}`} aria-hidden="true" />
      <div className="min-w-0 flex-1 py-1">{text}</div>
      {end}
    </>
  );
  const row = "flex min-h-10 items-center gap-2 px-3";

  if (banners.length === 0 && serviceOnline && !offline && pageNotices.length === 0) return null;
  return (
    <section aria-label={t("banners.label")} className="mx-auto w-full max-w-content px-4 pt-4 sm:px-6 xxl:max-w-content-wide">
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white text-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {offline ? <li className={`${row} ${tone.pending}`}>{line("pending", <p role="status">{t("banners.offline")}</p>)}</li> : null}
        {serviceOnline ? null : <li className={`${row} ${tone.failed}`}>{line("failed", <p>{t("banners.serviceDown")}</p>)}</li>}
        {pageNotices.map((notice) => (
          <li key={notice} className={`${row} ${tone.pending}`}>
            {line("pending", <p role="status">{notice}</p>)}
          </li>
        ))}
        {banners.map((banner) => {
          const { title, body, look } = textOf(banner);
          return (
            <li key={banner.id} className={`${row} ${tone[look]}`}>
              {line(
                look,
                <p>
                  <span className="font-semibold">{title}</span>
                  {/* A novelty's title ('Nuevo') is its label, set apart from the sentence that follows. */}
                  {body ? (
                    <span className="opacity-90">
                      {banner.kind === "novelty" ? " · " : " "}
                      {body}
                    </span>
                  ) : null}
                  {banner.kind === "novelty" && banner.path ? (
                    <>
                      {" "}
                      <Link to={banner.path} className="font-semibold text-brand-700 underline dark:text-brand-300">
                        {t("banners.more")}
                      </Link>
                    </>
                  ) : null}
                </p>,
                <Form method="post" action={dismissAction} className="shrink-0">
                  {csrfToken}
                  <input type="hidden" name="id" value={banner.id} />
                  <input type="hidden" name="redirectTo" value={redirectTo} />
                  <button
                    type="submit"
                    aria-label={t("banners.close", { title })}
                    className="-mr-1 inline-flex h-8 w-8 items-center justify-center rounded-full hover:bg-black/5 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-white/10"
                  >
                    <Icon name="close" className="h-4 w-4" aria-hidden="true" />
                  </button>
                </Form>,
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The browser's own connectivity (§4: online / offline events set the online flag). */
function useOffline(): boolean {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return offline;
}
