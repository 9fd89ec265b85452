import { lazyScreen, type LazyScreen } from "./lazy-screen";
import type { Screen } from "../../shared/pages";

// Each screen of the page table (shared/pages.ts), loaded on demand so the first page downloads
// only itself (the server renders the public ones and preloads their chunk with the HTML: decision
// 016b). A screen missing here is a type error. Blog management (and its editor, loaded later
// still) never reaches the blog's readers.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen takes its own route parameters
export const SCREENS: Record<Screen, LazyScreen<any>> = {
  landing: lazyScreen(() => import("../features/landing/landing-page").then((m) => m.LandingPage)),
  library: lazyScreen(() => import("../features/dragons/library-page").then((m) => m.LibraryPage)),
  dragon: lazyScreen(() => import("../features/dragons/dragon-page").then((m) => m.DragonPage)),
  draw: lazyScreen(() => import("../features/canvas/draw-page").then((m) => m.DrawPage)),
  login: lazyScreen(() => import("../features/auth/login-page").then((m) => m.LoginPage)),
  verifyEmail: lazyScreen(() => import("../features/auth/verify-email-page").then((m) => m.VerifyEmailPage)),
  resetPassword: lazyScreen(() => import("../features/account/reset-password-page").then((m) => m.ResetPasswordPage)),
  feed: lazyScreen(() => import("../features/posts/feed-page").then((m) => m.FeedPage)),
  upload: lazyScreen(() => import("../features/posts/upload-page").then((m) => m.UploadPage)),
  profile: lazyScreen(() => import("./profile/profile-page").then((m) => m.ProfilePage)),
  blogList: lazyScreen(() => import("../features/blog/blog-list-page").then((m) => m.BlogListPage)),
  blogPost: lazyScreen(() => import("../features/blog/blog-post-page").then((m) => m.BlogPostPage)),
  adminBlog: lazyScreen(() => import("../features/blog/admin-blog-page").then((m) => m.AdminBlogPage)),
  stats: lazyScreen(() => import("../features/stats/stats-page").then((m) => m.StatsPage)),
  unsubscribe: lazyScreen(() => import("../features/notifications/unsubscribe-page").then((m) => m.UnsubscribePage)),
  moderation: lazyScreen(() => import("../features/moderation/moderation-page").then((m) => m.ModerationPage)),
};

export const NotFoundPage = lazyScreen(() => import("../components/not-found-page").then((m) => m.NotFoundPage));
