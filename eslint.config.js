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
