import { z } from "zod";

/**
 * The person's theme (issue 15): light, dark, or whatever their device asks for (`prefers-color-scheme`).
 * SPEC §9 names the themes light-mode and dark-mode; they are the values of `<html data-theme>`, and
 * "system" leaves the choice to the media query (tailwind.config.ts).
 */
export const THEME_CHOICES = ["claro", "oscuro", "sistema"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export const DEFAULT_THEME: ThemeChoice = "sistema";

export type ThemeAttribute = "light-mode" | "dark-mode" | "system";

const ATTRIBUTES: Record<ThemeChoice, ThemeAttribute> = { claro: "light-mode", oscuro: "dark-mode", sistema: "system" };

/** The form of 'Apariencia': the choice and the page to come back to (checked again by the safe-redirect helper). */
export const themeFormSchema = z.object({
  tema: z.enum(THEME_CHOICES),
  redirectTo: z.string().max(2048).optional(),
});

/** A stored or submitted value read leniently: anything unknown is the default, never an error. */
export function themeFrom(value: unknown): ThemeChoice {
  const parsed = z.enum(THEME_CHOICES).safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_THEME;
}

export function themeAttribute(choice: ThemeChoice): ThemeAttribute {
  return ATTRIBUTES[choice];
}
