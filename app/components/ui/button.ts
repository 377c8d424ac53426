/**
 * Class names for anything that looks like a button: real buttons and the links that act as
 * one (a drawer's or modal's close, "No, Cancelar"), so both read the same with JS off.
 */
export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold " +
  "transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 " +
  "focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-progress";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 dark:bg-brand-500 dark:hover:bg-brand-600",
  secondary:
    "border border-brand-600 bg-white text-brand-700 hover:bg-brand-50 " +
    "dark:border-brand-100 dark:bg-transparent dark:text-brand-100 dark:hover:bg-brand-900",
  // The danger fill is the failed red, and a full red in the dark too, never the dark theme's salmon (app/tailwind.css).
  danger: "bg-danger text-white hover:brightness-110",
  ghost: "text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-900",
};

export function buttonClass(variant: ButtonVariant = "primary", extra?: string): string {
  return [base, variants[variant], extra].filter(Boolean).join(" ");
}
