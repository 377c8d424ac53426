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
  dismissAction: string;
  redirectTo: string;
  csrfToken: ReactNode;
};

const tone = {
  failed: "border-failed/40 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  pending: "border-pending/40 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  brand: "border-brand-100 bg-brand-50 text-slate-800 dark:border-brand-900 dark:bg-slate-900 dark:text-slate-100",
} as const;

/**
 * The shell's notices (§2 banners, §4 connectivity), server-rendered under the top bar: the bank's
 * service down, then the announcements' banners, each closable for the session with a plain form.
 * With JS, the browser's offline / online events show and clear a notice of their own.
 */
export function Notices({ banners, serviceOnline, dismissAction, redirectTo, csrfToken }: NoticesProps) {
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

  if (banners.length === 0 && serviceOnline && !offline) return null;
  return (
    <section
      aria-label={t("banners.label")}
      className="mx-auto flex w-full max-w-content flex-col gap-2 px-4 pt-4 sm:px-6 xxl:max-w-content-wide"
    >
      {offline ? (
        <p role="status" className={`flex items-start gap-2 rounded-lg border p-3 text-sm ${tone.pending}`}>
          <Icon name="error" className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {t("banners.offline")}
        </p>
      ) : null}
      {serviceOnline ? null : (
        <p className={`flex items-start gap-2 rounded-lg border p-3 text-sm ${tone.failed}`}>
          <Icon name="error" className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {t("banners.serviceDown")}
        </p>
      )}
      {banners.map((banner) => {
        const { title, body, look } = textOf(banner);
        return (
          <div key={banner.id} className={`flex items-start gap-3 rounded-lg border p-3 text-sm ${tone[look]}`}>
            <Icon name={look === "brand" ? "info" : "error"} className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="font-medium">{title}</p>
              {body ? <p className="mt-0.5 opacity-90">{body}</p> : null}
              {banner.kind === "novelty" && banner.path ? (
                <Link to={banner.path} className="mt-1 inline-block font-semibold text-brand-700 underline dark:text-brand-100">
                  {t("banners.more")}
                </Link>
              ) : null}
            </div>
            <Form method="post" action={dismissAction} className="shrink-0">
              {csrfToken}
              <input type="hidden" name="id" value={banner.id} />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <button
                type="submit"
                aria-label={t("banners.close", { title })}
                className="-m-1 inline-flex h-9 w-9 items-center justify-center rounded-full hover:bg-black/5 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-white/10"
              >
                <Icon name="close" className="h-4 w-4" aria-hidden="true" />
              </button>
            </Form>
          </div>
        );
      })}
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
