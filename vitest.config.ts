import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#server": fileURLToPath(new URL("./server", import.meta.url)),
      "#core": fileURLToPath(new URL("./core", import.meta.url)),
    },
  },
  test: {
    include: [
      "{app,core,server,sandbox,tests/contract,tests/deploy,tests/docs,tests/lint,tests/security,tests/support}/**/*.test.{ts,tsx}",
    ],
    environment: "node",
    setupFiles: ["./tests/support/vitest-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
