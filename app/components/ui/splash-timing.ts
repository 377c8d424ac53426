/** SPEC §9: hidden 5.5 s after a company change. The stylesheet's `.fxn-splash` rules use the same time. */
export const SPLASH_MS = 5500;
/** SPEC §2, §9: the welcome after a login counts 5 s down. The stylesheet's `.fxn-welcome` rules use the same time. */
export const WELCOME_MS = 5000;
