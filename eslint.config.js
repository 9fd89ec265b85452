import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["dist", "node_modules", "data", "coverage", "src/server/db/migrations"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web bundle must never pull in server code (secrets, Node APIs).
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/server/**", "@server/*"], message: "src/web may import src/shared, never src/server." }] }],
    },
  },
  {
    // Every payload string goes through src/shared/text.ts, which refuses NUL (a 500 in PostgreSQL)
    // and, for names, deceptive invisible characters. Configuration reads the environment instead.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/shared/text.ts", "src/server/config.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": ["error", {
        selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
        message: "Use text() or nameText() from src/shared/text.ts, not z.string().",
      }],
    },
  },
  {
    files: ["src/shared/**/*.ts"],
    rules: {
      // shared is pure: no I/O and nothing of ours but itself.
      "no-restricted-imports": ["error", { patterns: [
        { group: ["**/server/**", "**/web/**"], message: "src/shared imports nothing of ours outside src/shared." },
        { group: ["node:*", "fs", "path", "pg", "@electric-sql/*"], message: "src/shared is pure: no I/O." },
      ] }],
    },
  },
);
