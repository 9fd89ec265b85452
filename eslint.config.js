import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import lingui from "eslint-plugin-lingui";
import { featureBoundaries } from "./eslint/feature-boundaries.js";
import { serverWords } from "./eslint/server-words.js";

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
// After a change the browser reads again through refreshQueries (decision 080): invalidation alone
// keeps a read that left before the change when its query has no data yet.
const READ_AGAIN_THROUGH_REFRESH = {
  selector: "CallExpression[callee.property.name='invalidateQueries']",
  message: "Read again after a change with refreshQueries from web/lib/refresh-queries.ts.",
};
const WEB_NOT_SERVER = {
  group: ["**/server/**", "@server/*"],
  message: "src/web may import src/shared, never src/server.",
};
export default tseslint.config(
  { ignores: ["dist", "dist-pseudo", "node_modules", "data", "coverage", "src/server/db/migrations"] },
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
      // The web bundle must never pull in server code (secrets, Node APIs), nor the contract's
      // schemas: a domain's answers and endpoints are read as types only (decision 041).
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            WEB_NOT_SERVER,
            {
              group: ["**/shared/*/answers", "**/shared/*/endpoints", "**/shared/contract", "**/shared/contract/*"],
              allowTypeImports: true,
              message:
                "src/web imports the contract's answers and endpoints as types only (import type), so their schemas stay out of the pages.",
            },
          ],
        },
      ],
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
    ignores: ["src/web/lib/api-client.ts", "src/web/lib/refresh-queries.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": ["error", TEXT_NOT_BARE_STRING, ...API_THROUGH_CLIENT, READ_AGAIN_THROUGH_REFRESH],
    },
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
  {
    // No feature imports another, in any form (decisions 023, 041): eslint/feature-boundaries.js.
    files: ["src/server/features/**/*.{ts,tsx}", "src/web/features/**/*.{ts,tsx}"],
    plugins: { local: { rules: { "feature-boundaries": featureBoundaries } } },
    rules: { "local/feature-boundaries": "error" },
  },
  {
    // The words the server says are messages of its catalog (decision 057): eslint/server-words.js.
    files: ["src/server/**/*.ts", "src/shared/**/*.ts"],
    // The contract's documented answers (shared/*/endpoints.ts) quote the English for the API's readers.
    ignores: ["**/*.test.ts", "src/server/test/**", "src/shared/**/endpoints.ts"],
    plugins: { words: { rules: { "server-words": serverWords } } },
    rules: { "words/server-words": "error" },
  },
  {
    // Every word a person reads goes through a catalog (decision 056): a string in the web code that
    // looks like words (a capital, or a space) must be a message, unless it is code (a class list,
    // an address, a key) by the name it is given to.
    files: ["src/web/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "src/web/test/**"],
    plugins: { lingui },
    rules: {
      "lingui/no-unlocalized-strings": [
        "error",
        {
          ignore: ["^(?![A-Z])\\S+$", "^[A-Z0-9_-]+$", "^[^A-Za-z]*$"],
          ignoreNames: [
            { regex: { pattern: "(className|class|Class|classes|style|Style)$" } },
            { regex: { pattern: "^(aria-(current|hidden|live|haspopup|controls|describedby|labelledby)|data-.*)$" } },
            {
              regex: {
                pattern:
                  "^(key|id|href|to|src|srcSet|sizes|type|role|rel|target|method|name|as|mode|accept|capture|pattern|lang|dir|inputMode|autoComplete|enterKeyHint|fetchPriority|loading|decoding|variant|size|side|align|orientation|tone|kind|strokeLinecap|strokeLinejoin|viewBox|d|fill|stroke|transform|path|url|queryKey|cacheName|storageKey|mimeType|format|unit)$",
              },
            },
          ],
          ignoreFunctions: [
            "console.*",
            "Error",
            "*.addEventListener",
            "*.removeEventListener",
            "*.querySelector",
            "*.querySelectorAll",
            "*.getElementById",
            "*.setAttribute",
            "*.getItem",
            "*.setItem",
            "*.removeItem",
            "new URL",
            "new URLSearchParams",
            "*.startsWith",
            "*.endsWith",
            "*.includes",
            "*.split",
            "*.replace",
            "*.matchMedia",
            "*.createElement",
            "*.getContext",
            "*.toBlob",
            "*.toDataURL",
            "*.postMessage",
            // The API client's calls name a contract's endpoint ("GET /api/dragons"), not words.
            "apiPath",
            "callApi",
            "sendApi",
            "responseOf",
            "apiQueryKey",
            "apiQuery",
            "callApiOrNullOn401",
            "matchRoute",
            "useRoute",
            "navigate",
            "setLocation",
          ],
        },
      ],
    },
  },
);
