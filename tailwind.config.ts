import type { Config } from "tailwindcss";

// Breakpoints are the layout constants of SPEC §9 (xs 0, sm 600, md 960, lg 1280, xl 1602, xxl 1920).
export default {
  content: ["./app/**/*.{ts,tsx}"],
  // Decision 051: `dark:` applies under <html data-theme="dark-mode">, and under data-theme="system" when the
  // device asks for dark ('Según el sistema', the default). On screen only: paper is printed light.
  darkMode: [
    "variant",
    [
      '@media screen { &:is([data-theme="dark-mode"] *) }',
      '@media screen and (prefers-color-scheme: dark) { &:is([data-theme="system"] *) }',
    ],
  ],
  theme: {
    screens: {
      sm: "600px",
      md: "960px",
      lg: "1280px",
      xl: "1602px",
      xxl: "1920px",
    },
    extend: {
      colors: {
        brand: {
          50: "#eef6ff",
          100: "#d9eaff",
          200: "#b3d4ff",
          300: "#80b5ff",
          400: "#4d94ff",
          500: "#1f6feb",
          600: "#1a5fd0",
          700: "#154ca6",
          800: "#103b80",
          900: "#0b2955",
        },
        // Status colours change with the theme (app/tailwind.css, decision 051): as text they keep 4.5:1 on
        // the page, the cards and their own tinted badges in both themes.
        success: "rgb(var(--fxn-success) / <alpha-value>)",
        pending: "rgb(var(--fxn-pending) / <alpha-value>)",
        failed: "rgb(var(--fxn-failed) / <alpha-value>)",
        danger: "rgb(var(--fxn-danger) / <alpha-value>)",
      },
      width: {
        sidebar: "240px",
        "sidebar-compact": "64px",
        toast: "344px",
        "drawer-sm": "440px",
        "drawer-md": "520px",
      },
      maxWidth: {
        content: "1280px",
        "content-wide": "1520px",
      },
      fontFamily: {
        sans: ["Inter", "Liberation Sans", "Arial", "sans-serif"],
      },
    },
  },
  plugins: [],
} satisfies Config;
