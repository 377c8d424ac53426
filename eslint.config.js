import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

// Dependencies point one way (docs/decisions/022): app → server → core, app components → core.
// Import paths are matched with regular expressions: the gitignore syntax of `group` reads a
// leading `#` as a comment, so "#server/*" there would never match anything.
const SERVER = {
  regex: "(^#server/|(^|/)server/|\\.server$|(^|/)server-imports/)",
  message: "Server-only code: reach it from a route's loader or action.",
};
// `import()` is no import declaration, so no-restricted-imports never sees it: components load their own
// islands that way, and the same call naming server code must be refused too (tests/lint/layering.test.ts).
// esquery reads a regular expression up to its first unescaped slash.
const dynamicImportOf = ({ regex, message }) => {
  const pattern = regex.replaceAll("/", "\\/");
  return [
    { selector: `ImportExpression[source.value=/${pattern}/]`, message },
    { selector: `ImportExpression[source.quasis.0.value.cooked=/${pattern}/]`, message },
  ];
};
const APP = { regex: "(^~/|(^|/)app/)", message: "server/ and core/ never import app/: move the shared part to core/." };
// The sandbox imports nothing of the app but what no log line shows, which its logs honour too (issue 40).
const CORE = {
  regex: "^(#core/|(\\.\\./)+core/)(?!log-redaction$)",
  message: "The sandbox plays an independent upstream: it imports nothing of the app (but core/log-redaction).",
};
const SERVER_TREE = { regex: "(^#server/|(^|\\.\\./)server/)", message: "core/ is pure: it imports nothing from server/." };
const SANDBOX = { regex: "(^|/)sandbox/", message: "Nothing imports the sandbox; reach it over HTTP." };
// core/ is pure: no file system, network, processes or loggers.
const IO = {
  regex:
    "^(node:)?(fs|fs/promises|child_process|net|http|https|http2|dgram|dns|worker_threads|cluster|tls)$|^(ioredis|ws|isomorphic-ws|pino|puppeteer-core|exceljs|express|@remix-run/node)(/|$)",
  message: "core/ is pure: no I/O. Put this in server/.",
};

// One rule's options replace the earlier block's wholesale: every block that restricts syntax repeats this one.
const INTL_PER_CALL = {
  selector: ":function NewExpression[callee.object.name='Intl']",
  message: "Make Intl formatters once, at module level: each holds native memory the collector does not see.",
};

const restrict = (...patterns) => ["error", { patterns }];
// The kit's fields read their messages in their own render; only the kit's useForm makes the form
// re-render for them (app/components/ui/use-form.ts).
const KIT_USE_FORM = {
  name: "@conform-to/react",
  importNames: ["useForm"],
  message: "Use useForm from ~/components/ui/use-form: with Conform's own, messages found in the browser never show.",
};
const restrictInApp = (...patterns) => ["error", { patterns, paths: [KIT_USE_FORM] }];

export default tseslint.config(
  {
    // Files that break the rules on purpose: tests/lint/layering.test.ts lints them as if they lived in app/.
    ignores: [
      "build/**",
      ".builds/**",
      "public/build/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      ".cache/**",
      "tests/lint/fixtures/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { "react-hooks": reactHooks, "simple-import-sort": simpleImportSort, "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // Import order is a formatting matter: `npm run format` sorts them.
      "simple-import-sort/imports": "error",
      "simple-import-sort/exports": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
    },
  },
  {
    // An Intl formatter holds ICU's locale and time-zone data outside V8's heap, where the collector does not see
    // it: one made per call piled up by the gigabyte under load before a collection freed it
    // (docs/decisions/085). What serves requests makes its formatters once, at module level.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "core/**/*.ts", "sandbox/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": ["error", INTL_PER_CALL],
    },
  },
  {
    // Components and browser entry points never reach server code. Types may cross (they ship
    // no code); values may not.
    files: ["app/components/**/*.{ts,tsx}", "app/*.client.{ts,tsx}", "app/i18n.tsx", "app/utils/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "app/components/ui/use-form.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrictInApp({ ...SERVER, allowTypeImports: true }, SANDBOX),
      "no-restricted-syntax": ["error", INTL_PER_CALL, ...dynamicImportOf(SERVER), ...dynamicImportOf(SANDBOX)],
    },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx", "app/entry.server.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": restrictInApp(SANDBOX) },
  },
  {
    files: ["server/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": restrict(APP, SANDBOX) },
  },
  {
    files: ["core/**/*.{ts,tsx}"],
    ignores: ["core/**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": restrict(APP, SERVER_TREE, SANDBOX, IO) },
  },
  {
    // A rule's tests may cross-check it against the sandbox's own implementation.
    files: ["core/**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": restrict(APP, SERVER_TREE) },
  },
  {
    files: ["sandbox/**/*.{ts,tsx}"],
    ignores: ["sandbox/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict(
        { ...APP, message: "The sandbox plays an independent upstream: it imports nothing of the app." },
        { ...SERVER_TREE, message: "The sandbox plays an independent upstream: it imports nothing of the app." },
        CORE,
      ),
    },
  },
);
