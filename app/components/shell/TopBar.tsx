import { Link } from "@remix-run/react";

import { Icon } from "~/components/ui/icons";
import { useTranslation } from "~/i18n";

export type TopBarProps = {
  /** The screen name (already translated), rendered as the page's h1. */
  title: string;
  /** The chat on the messaging service; opens in a new window. */
  contactHref: string;
  unreadCount: number;
  /** The current page with the notification centre's search param. */
  notificationsHref: string;
  notificationsOpen: boolean;
  /** The active company, always in sight; `changeHref` when the person has another to change to. */
  company?: { name: string; changeHref: string | null };
  /** §4's trial countdown (days, only when positive) for a member in the Pro trial, leading to /membresias. */
  trial?: { days: number; href: string } | null;
};

const ACTION =
  "inline-flex min-h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold transition-colors " +
  "focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500";

/**
 * Screen name, 'Contáctanos' and the notification bell. The bell's dot shows when there is
 * something unread and the centre is closed; the count is in the bell's accessible name.
 */
export function TopBar({ title, contactHref, unreadCount, notificationsHref, notificationsOpen, company, trial }: TopBarProps) {
  const { t } = useTranslation("common");
  const unread = Math.max(0, Math.floor(unreadCount));
  const bellName = unread >= 1 ? t("shell.topBar.notificationsUnread", { count: unread }) : t("shell.topBar.notifications");

  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex min-h-16 w-full max-w-content flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6 xxl:max-w-content-wide">
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-semibold leading-8 text-slate-900 sm:text-2xl dark:text-white">{title}</h1>
          {company ? (
            <p className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-sm text-slate-600 dark:text-slate-300">
              {/* The company's name wraps, never cut: with several companies it says which one the page is of. */}
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="sr-only">{t("shell.topBar.company")} </span>
                <span className="font-medium text-slate-800 dark:text-slate-100">{company.name}</span>
              </span>
              {company.changeHref ? (
                <Link
                  to={company.changeHref}
                  preventScrollReset
                  className="font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
                >
                  {t("shell.topBar.changeCompany")}
                </Link>
              ) : null}
              {trial ? (
                <Link
                  to={trial.href}
                  className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500 dark:bg-brand-900 dark:text-brand-100"
                >
                  {t("shell.topBar.trialLeft", { count: trial.days })}
                </Link>
              ) : null}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-1">
          <a
            href={contactHref}
            target="_blank"
            rel="noopener noreferrer"
            className={`${ACTION} text-brand-700 hover:bg-brand-50 dark:text-brand-100 dark:hover:bg-slate-800`}
          >
            <Icon name="chat" />
            {/* On a phone the icon alone, so the page's title keeps its line; the words stay the link's name. */}
            <span className="max-sm:sr-only">{t("shell.topBar.contact")}</span>
            <span className="sr-only"> {t("shell.newWindow")}</span>
          </a>
          <Link
            to={notificationsHref}
            preventScrollReset
            aria-label={bellName}
            aria-haspopup="dialog"
            aria-expanded={notificationsOpen}
            className={`${ACTION} relative !px-2.5 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800`}
          >
            <Icon name="bell" className="h-6 w-6" />
            {unread >= 1 && !notificationsOpen ? (
              <span
                aria-hidden="true"
                data-testid="notification-dot"
                className="absolute right-2 top-2 h-2.5 w-2.5 rounded-full bg-failed ring-2 ring-white dark:ring-slate-900"
              />
            ) : null}
          </Link>
        </div>
      </div>
    </header>
  );
}
