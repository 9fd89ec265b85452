// The loaders of the screens, named as the screens are, the server renders no page as: sign-in, the canvas, members' pages
// (feed, profile, upload, admin tools) and the pages an e-mail's link opens. They live in this small
// chunk rather than in the entry: each dynamic import in the entry carries the list of its screen's
// files (for modulepreload), and every first load, a visitor's too, downloads the entry; these lists
// were ~0.6 KB gzip of every public page's first-load JavaScript, the canvas's ~0.3 KB more
// (decision 058). The chunk is fetched once the page has settled (app.tsx), so moving on to one of
// these screens waits for nothing more; the service worker keeps it for the offline canvas.
export const verifyEmail = () => import("../features/auth/verify-email-page").then((m) => m.VerifyEmailPage);
export const resetPassword = () => import("../features/account/reset-password-page").then((m) => m.ResetPasswordPage);
export const upload = () => import("../features/posts/upload-page").then((m) => m.UploadPage);
export const adminBlog = () => import("../features/blog/admin-blog-page").then((m) => m.AdminBlogPage);
export const stats = () => import("../features/stats/stats-page").then((m) => m.StatsPage);
export const unsubscribe = () => import("../features/notifications/unsubscribe-page").then((m) => m.UnsubscribePage);
export const waitlistConfirm = () => import("../features/waitlist/confirm-page").then((m) => m.WaitlistConfirmPage);
export const moderation = () => import("../features/moderation/moderation-page").then((m) => m.ModerationPage);
export const users = () => import("../features/users/users-page").then((m) => m.UsersPage);
export const feed = () => import("../features/posts/feed-page").then((m) => m.FeedPage);
export const profile = () => import("./profile/profile-page").then((m) => m.ProfilePage);
export const firstDrawing = () =>
  import("../features/first-drawing/first-drawing-page").then((m) => m.FirstDrawingPage);
export const progress = () => import("../features/progress/progress-page").then((m) => m.ProgressPage);
export const login = () => import("../features/auth/login-page").then((m) => m.LoginPage);
export const canvas = () => import("../features/canvas/canvas-page").then((m) => m.CanvasPage);
