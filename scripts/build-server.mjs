// Bundles the HTTP server (server/main.ts) next to the Remix build; packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
