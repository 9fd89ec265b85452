import { lazyScreen, type LazyScreen } from "./lazy-screen";
import type { Screen } from "../../shared/pages";
import { withMembersMessages } from "../lib/i18n";

// Each screen of the page table (shared/pages.ts), loaded on demand so the first page downloads
// only itself (the server renders the public ones and preloads their chunk with the HTML: decision
// 016b). A screen missing here is a type error. Blog management (and its editor, loaded later
// still) never reaches the blog's readers. The screens outside the public pages speak in the
// members' catalog, which loads with them (decision 056).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen takes its own route parameters
export const SCREENS: Record<Screen, LazyScreen<any>> = {
  landing: lazyScreen(() => import("../features/landing/landing-page").then((m) => m.LandingPage)),
  library: lazyScreen(() => import("./library/library-page").then((m) => m.LibraryPage)),
  dragon: lazyScreen(() => import("./library/dragon-page").then((m) => m.DragonPage)),
  canvas: lazyScreen(withMembersMessages(() => import("./rare-screens").then((m) => m.loadCanvasPage()))),
  login: lazyScreen(withMembersMessages(() => import("./rare-screens").then((m) => m.loadLoginPage()))),
  verifyEmail: lazyScreen(withMembersMessages(() => import("./rare-screens").then((m) => m.loadVerifyEmailPage()))),
  resetPassword: lazyScreen(withMembersMessages(() => import("./rare-screens").then((m) => m.loadResetPasswordPage()))),
  feed: lazyScreen(withMembersMessages(() => import("./rare-screens").then((m) => m.loadFeedPage()))),
  upload: lazyScreen(withMembersMessages(() => import("./rare-screens").then((m) => m.loadUploadPage()))),
  profile: lazyScreen(withMembersMessages(() => import("./rare-screens").then((m) => m.loadProfilePage()))),
  progress: lazyScreen(withMembersMessages(() => import("./rare-screens").then((m) => m.loadProgressPage()))),
  blogList: lazyScreen(() => import("../features/blog/blog-list-page").then((m) => m.BlogListPage)),
  blogPost: lazyScreen(() => import("../features/blog/blog-post-page").then((m) => m.BlogPostPage)),
  adminBlog: lazyScreen(withMembersMessages(() => import("./rare-screens").then((m) => m.loadAdminBlogPage()))),
  stats: lazyScreen(withMembersMessages(() => import("./rare-screens").then((m) => m.loadStatsPage()))),
  unsubscribe: lazyScreen(withMembersMessages(() => import("./rare-screens").then((m) => m.loadUnsubscribePage()))),
  waitlistConfirm: lazyScreen(
    withMembersMessages(() => import("./rare-screens").then((m) => m.loadWaitlistConfirmPage())),
  ),
  moderation: lazyScreen(withMembersMessages(() => import("./rare-screens").then((m) => m.loadModerationPage()))),
  users: lazyScreen(withMembersMessages(() => import("./rare-screens").then((m) => m.loadUsersPage()))),
};

export const NotFoundPage = lazyScreen(() => import("../components/not-found-page").then((m) => m.NotFoundPage));
