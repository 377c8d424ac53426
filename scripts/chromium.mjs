// How everything here launches Debian's Chromium headless: the receipts' PDF renderer, the end-to-end
// tests and the browser benches, and where the installer (scripts/install.mjs) puts it. This machine's
// network is closed, and without the background flags Chromium's own calls (updates, sync, field
// trials) are refused, many at a time, at every start.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];
