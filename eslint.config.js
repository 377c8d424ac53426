import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["build/**", ".builds/**", "public/build/**", "node_modules/**", "test-results/**", "playwright-report/**", ".cache/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // Components and client modules must never reach server-only code.
    files: ["app/components/**/*.{ts,tsx}", "app/*.client.{ts,tsx}"],
    rules: {
      // Types may cross (they ship no code); values may not.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ group: ["#server/*", "**/server/**", "*.server", "**/*.server"], allowTypeImports: true }] },
      ],
    },
  },
);
