// Bundles the HTTP server (server/main.ts) next to the Remix build; packages stay external.
import { build } from "esbuild";

const out = process.env.BUILD_DIR ?? "build";

await build({
  entryPoints: ["server/main.ts"],
  outfile: `${out}/server/main.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
