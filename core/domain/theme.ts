/**
 * The person's theme (decision 051): light, dark, or whatever their device asks for (`prefers-color-scheme`).
 * SPEC §9 names the themes light-mode and dark-mode; they are the values of `<html data-theme>`, and
 * "system" leaves the choice to the media query (tailwind.config.ts).
 */
export const THEME_CHOICES = ["claro", "oscuro", "sistema"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export const DEFAULT_THEME: ThemeChoice = "sistema";

export type ThemeAttribute = "light-mode" | "dark-mode" | "system";

const ATTRIBUTES: Record<ThemeChoice, ThemeAttribute> = { claro: "light-mode", oscuro: "dark-mode", sistema: "system" };

/**
 * A stored or submitted value read leniently: anything unknown is the default, never an error.
 * Plain code, not a schema: the root reads it on every page, and zod stays out of the shell (decision 039).
 */
export function themeFrom(value: unknown): ThemeChoice {
  return THEME_CHOICES.find((choice) => choice === value) ?? DEFAULT_THEME;
}

export function themeAttribute(choice: ThemeChoice): ThemeAttribute {
  return ATTRIBUTES[choice];
}
