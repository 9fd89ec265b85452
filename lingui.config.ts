import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { LOCALE_CODES } from "./src/shared/i18n/locales";

// Every string a person reads is a message in one of two catalogs per language (decision 056):
// "public" holds what the public pages (and the frame around every page) show, and is sent inside
// each page; "members" holds the rest, loaded with the first screen or panel that needs it.
const PUBLIC_FOLDERS = ["app", "components", "lib", "features/landing"].map((folder) => `<rootDir>/src/web/${folder}`);
const PUBLIC_FILES = [
  // The blog's and the library's public parts; their admin screens load with the members' catalog.
  ...[
    "blog/blog-list-page.tsx",
    "blog/blog-language-filter.tsx",
    "blog/blog-post-page.tsx",
    "blog/api.ts",
    "dragons/library-buttons.tsx",
  ].map((file) => `<rootDir>/src/web/features/${file}`),
  // The head tags' words (marked /*i18n*/), which the server translates too.
  ...["site.ts", "page-meta.ts", "static-page-meta.ts", "screen-page-meta.ts"].map(
    (file) => `<rootDir>/src/shared/${file}`,
  ),
  "<rootDir>/src/server/features/dragons/dragon-pages.ts",
];
// The upload widget (a shared component) opens only on members' screens and the admin's library tools.
const UPLOADER = "<rootDir>/src/web/components/uploads";
// The words of src/shared that members' screens show (marked /*i18n*/): labels, and the check's sentences.
const MEMBERS_SHARED = [
  "grid/paper.ts",
  "grid/grid-view.ts",
  "grid/outline.ts",
  "grid/ladder.ts",
  "progress/learning.ts",
  "print/pdf-layout.ts",
  "drawing-check/words.ts",
  "drawing-check/corrections.ts",
  "moderation/index.ts",
  "notifications/index.ts",
].map((file) => `<rootDir>/src/shared/${file}`);

// The words the server says (API errors and answers, e-mails, notifications; decision 057): its
// own catalog, read by the server, never sent to the browser. Dragon pages' head tags are the
// public catalog's.
const SERVER_SHARED = [
  "account/index.ts",
  "auth/index.ts",
  "image-jobs/index.ts",
  "moderation/index.ts",
  "notifications/index.ts",
  "pictures/index.ts",
  "pro.ts",
  "text.ts",
  "uploads/index.ts",
  "users/index.ts",
].map((file) => `<rootDir>/src/shared/${file}`);

export default defineConfig({
  sourceLocale: "en",
  locales: [...LOCALE_CODES],
  fallbackLocales: false,
  catalogs: [
    {
      path: "<rootDir>/src/web/locales/{locale}/public",
      include: [...PUBLIC_FOLDERS, ...PUBLIC_FILES],
      exclude: [`${UPLOADER}/**`, "**/*.test.*"],
    },
    {
      path: "<rootDir>/src/web/locales/{locale}/members",
      include: ["<rootDir>/src/web/features", UPLOADER, ...MEMBERS_SHARED],
      exclude: [
        ...PUBLIC_FOLDERS.filter((folder) => !UPLOADER.startsWith(`${folder}/`)).map((folder) => `${folder}/**`),
        ...PUBLIC_FILES,
        "**/*.test.*",
      ],
    },
    {
      path: "<rootDir>/src/server/locales/{locale}/server",
      include: ["<rootDir>/src/server", ...SERVER_SHARED],
      exclude: ["<rootDir>/src/server/features/dragons/dragon-pages.ts", "<rootDir>/src/server/test/**", "**/*.test.*"],
    },
  ],
  // Line numbers change with every edit of the code; the file names are enough to find a message.
  format: formatter({ lineNumbers: false }),
  // By file: a translator reads a screen's messages together.
  orderBy: "origin",
});
