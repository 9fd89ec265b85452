import type { ComponentType } from "react";
import { lazyScreen, type LazyScreen } from "./lazy-screen";
import type { Screen } from "../../shared/pages";
import { withMembersMessages } from "../lib/i18n";

// Each screen of the page table (shared/pages.ts), loaded on demand so the first page downloads
// only itself (the server renders the public ones and preloads their chunk with the HTML: decision
// 016b). A screen missing here is a type error. Blog management (and its editor, loaded later
// still) never reaches the blog's readers. The screens outside the public pages speak in the
// members' catalog, which loads with them (decision 056).

/** The screens whose loaders are in rare-screens.ts, under the screen's own name. */
const RARE = [
  "canvas",
  "login",
  "verifyEmail",
  "resetPassword",
  "feed",
  "upload",
  "profile",
  "firstDrawing",
  "progress",
  "adminBlog",
  "stats",
  "unsubscribe",
  "waitlistConfirm",
  "moderation",
  "users",
] as const satisfies readonly (keyof typeof import("./rare-screens"))[];

// Each screen takes its own route parameters.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyProps = any;

// One import() for them all: each call site costs every page's first load some bytes.
const rare = (screen: (typeof RARE)[number]) =>
  lazyScreen(
    withMembersMessages(() => import("./rare-screens").then((m): Promise<ComponentType<AnyProps>> => m[screen]())),
  );

export const SCREENS: Record<Screen, LazyScreen<AnyProps>> = {
  landing: lazyScreen(() => import("../features/landing/landing-page").then((m) => m.LandingPage)),
  library: lazyScreen(() => import("./library/library-page").then((m) => m.LibraryPage)),
  dragon: lazyScreen(() => import("./library/dragon-page").then((m) => m.DragonPage)),
  blogList: lazyScreen(() => import("../features/blog/blog-list-page").then((m) => m.BlogListPage)),
  blogPost: lazyScreen(() => import("../features/blog/blog-post-page").then((m) => m.BlogPostPage)),
  ...(Object.fromEntries(RARE.map((screen) => [screen, rare(screen)])) as Record<
    (typeof RARE)[number],
    ReturnType<typeof rare>
  >),
};

export const NotFoundPage = lazyScreen(() => import("../components/not-found-page").then((m) => m.NotFoundPage));
