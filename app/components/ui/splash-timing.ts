/** SPEC §9: hidden 5.5 s after a company change. The stylesheet's `.fxn-splash` rules use the same time. */
export const SPLASH_MS = 5500;
