import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { Icon } from "~/components/ui/icons";
import { LogoMark } from "~/components/ui/Logo";
import { useTranslation } from "~/i18n";

export type SidebarIcon = "dashboard" | "planner" | "operations" | "accounts" | "receivers" | "monitoring" | "market";

export type SidebarItem = {
  key: string;
  label: string;
  href: string;
  icon: SidebarIcon;
  /** Text of a badge after the label (e.g. 'Nueva Función'); a dot on the 64 px rail. */
  badge?: string;
  /** Opens in a new window. */
  external?: boolean;
  /** Other paths that also make this item current (e.g. '/destinatarios-alta' for receivers). */
  activePaths?: string[];
};

export type SidebarProps = {
  items: SidebarItem[];
  currentPath: string;
  phone: string;
  userShortName: string;
  avatarInitials: string;
  settingsHref: string;
  logoutHref: string;
  /** Shown as small links above the phone when given. */
  termsHref?: string;
  privacyHref?: string;
};

const TOGGLE_ID = "menu-principal-control";
const PANEL_ID = "menu-principal";

// Below lg the open menu covers the page; the stylesheet keeps the page behind from scrolling
// (`html:has(#menu-principal-control:checked)` in app/tailwind.css).

/**
 * Text beside an icon: always shown in the 240 px sidebar (xl and the phone menu), and on the
 * 64 px rail (lg to xl) transparent but still the link's accessible name, fading in when the rail
 * expands (hover after 300 ms, or keyboard focus inside).
 */
const RAIL_TEXT =
  "whitespace-nowrap transition-opacity duration-150 lg:max-xl:opacity-0 " +
  "lg:max-xl:group-hover/side:opacity-100 lg:max-xl:group-hover/side:delay-300 " +
  "lg:max-xl:group-has-[:focus-visible]/side:opacity-100";

const ROW =
  "relative mx-2 flex min-h-11 items-center gap-3 rounded-lg px-[14px] py-2 text-sm font-medium transition-colors " +
  "focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500";

const ROW_IDLE = "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white";

const ROW_CURRENT = "bg-brand-50 text-brand-700 dark:bg-brand-900 dark:text-brand-100";

function pathOf(href: string): string {
  return href.split(/[?#]/)[0] || "/";
}

function matches(currentPath: string, path: string): boolean {
  if (path === "/") return currentPath === "/";
  return currentPath === path || currentPath.startsWith(`${path}/`);
}

export function isCurrentItem(item: Pick<SidebarItem, "href" | "activePaths">, currentPath: string): boolean {
  return [pathOf(item.href), ...(item.activePaths ?? [])].some((path) => matches(currentPath, path));
}

/**
 * The main menu. Widths follow SPEC §9: 240 px from xl (1602 px), a 64 px icon rail from lg
 * (1280 px) that expands over the content on hover after 300 ms, and below lg a panel opened by
 * the "Menú" control. That control is a visually hidden checkbox with a visible <label>, so it
 * opens and closes with JS off and is operable with Space; JS only closes it after a navigation
 * and on Escape.
 */
export function Sidebar({
  items,
  currentPath,
  phone,
  userShortName,
  avatarInitials,
  settingsHref,
  logoutHref,
  termsHref,
  privacyHref,
}: SidebarProps) {
  const { t } = useTranslation("common");
  const toggleRef = useRef<HTMLInputElement>(null);
  const location = useLocation();

  // A client-side navigation keeps the page, and with it a checked toggle: close the menu.
  useEffect(() => {
    if (toggleRef.current) toggleRef.current.checked = false;
  }, [location.key]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const toggle = toggleRef.current;
      if (event.key !== "Escape" || !toggle?.checked) return;
      toggle.checked = false;
      toggle.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  const telHref = `tel:${phone.replace(/[^\d+]/g, "")}`;

  return (
    <>
      <input
        ref={toggleRef}
        id={TOGGLE_ID}
        type="checkbox"
        aria-label={t("shell.menu.toggle")}
        aria-controls={PANEL_ID}
        className="peer sr-only lg:hidden"
      />
      <label
        htmlFor={TOGGLE_ID}
        className="fixed left-3 top-2 z-[31] inline-flex h-10 cursor-pointer items-center gap-2 rounded-full px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500 lg:hidden dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <Icon name="menu" />
        {t("shell.menu.toggle")}
      </label>
      {/* The bar that holds the "Menú" control below lg; the control itself is fixed above it. */}
      <div className="sticky top-0 z-30 flex h-14 items-center justify-center border-b border-slate-200 bg-white/95 backdrop-blur lg:hidden dark:border-slate-800 dark:bg-slate-900/95">
        <LogoMark className="h-7 w-7" />
        <span className="ml-2 text-base font-bold tracking-wide text-brand-900 dark:text-white">{t("product.name")}</span>
      </div>
      {/* The scrim closes the open menu; a second label of the toggle, with a name of its own. */}
      <label
        htmlFor={TOGGLE_ID}
        className="fixed inset-0 z-40 hidden cursor-default bg-slate-950/50 peer-checked:block lg:!hidden dark:bg-black/70"
      >
        <span className="sr-only">{t("shell.menu.close")}</span>
      </label>
      <div
        id={PANEL_ID}
        className={[
          "group/side fixed inset-y-0 left-0 z-50 hidden w-sidebar max-w-[85vw] flex-col overflow-y-auto overflow-x-hidden",
          "border-r border-slate-200 bg-white text-slate-900 shadow-2xl peer-checked:flex",
          "dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100",
          "lg:z-30 lg:flex lg:max-w-none lg:shadow-none lg:transition-[width,box-shadow] lg:duration-200",
          "lg:max-xl:w-sidebar-compact lg:max-xl:hover:w-sidebar lg:max-xl:hover:shadow-2xl lg:max-xl:hover:delay-300",
          "lg:max-xl:has-[:focus-visible]:w-sidebar lg:max-xl:has-[:focus-visible]:shadow-2xl",
        ].join(" ")}
      >
        <div className="flex h-16 shrink-0 items-center gap-2 px-[18px]">
          <LogoMark className="h-7 w-7 shrink-0" />
          <span className={`text-lg font-bold tracking-wide text-brand-900 dark:text-white ${RAIL_TEXT}`}>{t("product.name")}</span>
          <label
            htmlFor={TOGGLE_ID}
            className="ml-auto inline-flex h-10 cursor-pointer items-center gap-1 rounded-full px-2 text-sm text-slate-600 hover:bg-slate-100 lg:hidden dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <Icon name="close" />
            <span className="sr-only">{t("shell.menu.close")}</span>
          </label>
        </div>

        <nav aria-label={t("shell.menu.label")} className="flex-1 py-2">
          <ul className="space-y-1">
            {items.map((item) => {
              const current = !item.external && isCurrentItem(item, currentPath);
              const className = `${ROW} ${current ? ROW_CURRENT : ROW_IDLE}`;
              const content = (
                <>
                  <Icon name={item.icon} className="h-5 w-5 shrink-0" />
                  <span className={`flex min-w-0 flex-col items-start gap-0.5 ${RAIL_TEXT}`}>
                    <span>
                      {item.label}
                      {item.external ? <span className="sr-only"> {t("shell.newWindow")}</span> : null}
                    </span>
                    {item.badge ? (
                      <span className="rounded-full bg-brand-100 px-2 py-px text-[11px] font-semibold leading-4 text-brand-700 dark:bg-brand-700 dark:text-white">
                        {item.badge}
                      </span>
                    ) : null}
                  </span>
                  {item.badge ? (
                    <span
                      aria-hidden="true"
                      className="absolute right-2 top-2 hidden h-2 w-2 rounded-full bg-brand-500 lg:max-xl:block lg:max-xl:group-hover/side:hidden lg:max-xl:group-has-[:focus-visible]/side:hidden"
                    />
                  ) : null}
                  {item.external ? <Icon name="external" className={`h-4 w-4 shrink-0 opacity-60 ${RAIL_TEXT}`} /> : null}
                </>
              );
              return (
                <li key={item.key}>
                  {item.external ? (
                    <a href={item.href} target="_blank" rel="noopener noreferrer" className={className}>
                      {content}
                    </a>
                  ) : (
                    <Link to={item.href} aria-current={current ? "page" : undefined} className={className}>
                      {content}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="shrink-0 space-y-1 border-t border-slate-200 py-3 dark:border-slate-800">
          {termsHref || privacyHref ? (
            <ul className={`mb-2 space-y-1 px-4 text-xs ${RAIL_TEXT}`}>
              {termsHref ? (
                <li>
                  <Link to={termsHref} className="text-slate-600 underline-offset-2 hover:underline dark:text-slate-400">
                    {t("shell.menu.terms")}
                  </Link>
                </li>
              ) : null}
              {privacyHref ? (
                <li>
                  <Link to={privacyHref} className="text-slate-600 underline-offset-2 hover:underline dark:text-slate-400">
                    {t("shell.menu.privacy")}
                  </Link>
                </li>
              ) : null}
            </ul>
          ) : null}
          <a href={telHref} className={`${ROW} ${ROW_IDLE}`}>
            <Icon name="phone" className="h-5 w-5 shrink-0" />
            <span className={RAIL_TEXT}>
              <span className="sr-only">{t("shell.phone")} </span>
              {phone}
            </span>
          </a>
          <Link to={logoutHref} preventScrollReset className={`${ROW} ${ROW_IDLE}`}>
            <Icon name="logout" className="h-5 w-5 shrink-0" />
            <span className={RAIL_TEXT}>{t("shell.menu.logout")}</span>
          </Link>
          <Link
            to={settingsHref}
            preventScrollReset
            aria-label={t("shell.openSettings", { name: userShortName })}
            className={`${ROW} ${ROW_IDLE} !px-2.5`}
          >
            <span
              aria-hidden="true"
              className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white dark:bg-brand-500"
            >
              {avatarInitials}
            </span>
            <span className={`truncate ${RAIL_TEXT}`}>{userShortName}</span>
          </Link>
        </div>
      </div>
    </>
  );
}
