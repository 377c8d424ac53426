import { useTranslation } from "~/i18n";

/**
 * The product's mark: a tile with two opposed arrows (one currency for another). Decorative
 * wherever the product name is also written next to it.
 */
export function LogoMark({ className = "h-8 w-8", animated = false }: { className?: string; animated?: boolean }) {
  return (
    // Animated, the whole mark moves as one element (transform and opacity): the compositor runs it without
    // the main thread, which is parsing and hydrating the page under the splash (decision 112).
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" className={animated ? `fxn-logo ${className}` : className}>
      <rect width="48" height="48" rx="12" className="fill-brand-600 dark:fill-brand-500" />
      <g fill="none" stroke="white" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M13 18h21m-6-6 6 6-6 6" />
        <path d="M35 30H14m6 6-6-6 6-6" />
      </g>
    </svg>
  );
}

/** Mark and name side by side; the name is the accessible text. */
export function Logo({ className }: { className?: string }) {
  const { t } = useTranslation("common");
  return (
    <span className={["inline-flex items-center gap-2", className].filter(Boolean).join(" ")}>
      <LogoMark />
      <span className="text-lg font-bold tracking-wide text-brand-900 dark:text-white">{t("product.name")}</span>
    </span>
  );
}
