import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import fs from "node:fs";

// Feature boundaries (decision 023): a feature imports the core of its side (src/server/{auth,http,
// db,storage,...} or src/web/{components,lib}) and src/shared, never another feature. Pages that
// compose several features live in src/web/app. One block per feature forbids the others by name.
const features = (side) =>
  fs
    .readdirSync(`src/${side}/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
// The browser calls the API through web/lib/api-client.ts only (decision 024): its answers are typed
// by the contract, so nothing else casts parsed JSON or writes an /api address by hand.
const TEXT_NOT_BARE_STRING = {
  selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
  message: "Use text() or nameText() from src/shared/text.ts, not z.string().",
};
const API_THROUGH_CLIENT = [
  {
    selector: "TSAsExpression > AwaitExpression > CallExpression[callee.property.name='json']",
    message: "Call the API through web/lib/api-client.ts: its answers are typed by the contract.",
  },
  {
    selector: "TSAsExpression > CallExpression[callee.property.name='json']",
    message: "Call the API through web/lib/api-client.ts: its answers are typed by the contract.",
  },
  {
    selector: "CallExpression[callee.name=/^use(Infinite|Suspense)?Query$/][typeArguments]",
    message: "Pass apiQuery(…) to useQuery: the answer's type comes from the contract.",
  },
  {
    selector: "CallExpression[callee.name='fetch'] > Literal.arguments:first-child[value=/^\\/api\\//]",
    message: "Call the API through web/lib/api-client.ts (callApi, sendApi).",
  },
  {
    selector:
      "CallExpression[callee.name='fetch'] > TemplateLiteral.arguments:first-child > TemplateElement.quasis:first-child[value.raw=/^\\/api\\//]",
    message: "Call the API through web/lib/api-client.ts (callApi, sendApi).",
  },
];
const WEB_NOT_SERVER = {
  group: ["**/server/**", "@server/*"],
  message: "src/web may import src/shared, never src/server.",
};
const featureBoundaries = (side, extraPatterns = []) =>
  features(side).map((feature) => ({
    files: [`src/${side}/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...extraPatterns,
            ...features(side)
              .filter((other) => other !== feature)
              .map((other) => ({
                group: [`../${other}`, `../${other}/**`, `**/features/${other}`, `**/features/${other}/**`],
                message: `src/${side}/features/${feature} may not import the ${other} feature: move what both need into the core (decision 023).`,
              })),
          ],
        },
      ],
    },
  }));

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
      "no-restricted-imports": ["error", { patterns: [WEB_NOT_SERVER] }],
    },
  },
  {
    // Every payload string goes through src/shared/text.ts, which refuses NUL (a 500 in PostgreSQL)
    // and, for names, deceptive invisible characters. Configuration reads the environment instead.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/shared/text.ts", "src/server/config.ts", "**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", TEXT_NOT_BARE_STRING] },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    ignores: ["src/web/lib/api-client.ts", "**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", TEXT_NOT_BARE_STRING, ...API_THROUGH_CLIENT] },
  },
  {
    // A route is registered from its declaration (decision 024), so its answer is serialised from it.
    files: ["src/server/features/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        TEXT_NOT_BARE_STRING,
        ...[
          "CallExpression[callee.object.name=/^(app|api|scope)$/][callee.property.name=/^(get|post|put|delete|patch|all|route)$/]",
          "CallExpression[callee.object.callee.property.name='withTypeProvider'][callee.property.name=/^(get|post|put|delete|patch|all|route)$/]",
        ].map((selector) => ({
          selector,
          message:
            "Register routes with route() from http/contract-route.ts, from their declaration in src/shared/<domain>/endpoints.ts.",
        })),
      ],
    },
  },
  {
    files: ["src/shared/**/*.ts"],
    rules: {
      // shared is pure: no I/O and nothing of ours but itself.
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/**", "**/web/**"], message: "src/shared imports nothing of ours outside src/shared." },
            { group: ["node:*", "fs", "path", "pg", "@electric-sql/*"], message: "src/shared is pure: no I/O." },
          ],
        },
      ],
    },
  },
  ...featureBoundaries("server"),
  ...featureBoundaries("web", [WEB_NOT_SERVER]),
);
