// BUILD_DIR lets two builds live side by side (e.g. two people running end-to-end tests on one
// machine); production and CI use the default.
const out = process.env.BUILD_DIR ?? "build";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  serverBuildPath: `${out}/index.js`,
  assetsBuildDirectory: `${out}/assets`,
  publicPath: "/build/",
  tailwind: true,
  postcss: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
