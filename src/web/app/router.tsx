import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { Spinner } from "../components/ui/spinner";
import { useAuth } from "../lib/auth";

// Every screen loads on demand, so the first page downloads only itself (the server renders the
// public ones and preloads their chunk with the HTML: decision 016b).
const LandingPage = lazy(() => import("../features/landing/landing-page").then((m) => ({ default: m.LandingPage })));
const NotFoundPage = lazy(() => import("../features/not-found/not-found-page").then((m) => ({ default: m.NotFoundPage })));
const LoginPage = lazy(() => import("../features/auth/login-page").then((m) => ({ default: m.LoginPage })));
const VerifyEmailPage = lazy(() => import("../features/auth/verify-email-page").then((m) => ({ default: m.VerifyEmailPage })));
const ResetPasswordPage = lazy(() => import("../features/account/reset-password-page").then((m) => ({ default: m.ResetPasswordPage })));
const ProfilePage = lazy(() => import("../features/profile/profile-page").then((m) => ({ default: m.ProfilePage })));
const LibraryPage = lazy(() => import("../features/library/library-page").then((m) => ({ default: m.LibraryPage })));
const DragonPage = lazy(() => import("../features/dragon/dragon-page").then((m) => ({ default: m.DragonPage })));
const DrawPage = lazy(() => import("../features/canvas/draw-page").then((m) => ({ default: m.DrawPage })));
const FeedPage = lazy(() => import("../features/feed/feed-page").then((m) => ({ default: m.FeedPage })));
const UploadPage = lazy(() => import("../features/feed/upload-page").then((m) => ({ default: m.UploadPage })));
const BlogListPage = lazy(() => import("../features/blog/blog-list-page").then((m) => ({ default: m.BlogListPage })));
const BlogPostPage = lazy(() => import("../features/blog/blog-post-page").then((m) => ({ default: m.BlogPostPage })));
// Blog management (and its editor, loaded later still) never reaches the blog's readers.
const AdminBlogPage = lazy(() => import("../features/blog/admin-blog-page").then((m) => ({ default: m.AdminBlogPage })));
const StatsPage = lazy(() => import("../features/stats/stats-page").then((m) => ({ default: m.StatsPage })));

/** The route table of SPEC.md section 2; each route is added when its screen exists. */
export function AppRouter() {
  // /upload exists only for signed-in people (SPEC.md section 2); visitors get the not-found page.
  const { isAuthenticated, isLoading } = useAuth();
  return (
    <Suspense fallback={<Spinner />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/home" component={LibraryPage} />
        <Route path="/dragon/:id" component={DragonPage} />
        <Route path="/draw/:id" component={DrawPage} />
        <Route path="/login" component={LoginPage} />
        <Route path="/verify-email" component={VerifyEmailPage} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/feed" component={FeedPage} />
        <Route path="/blog" component={BlogListPage} />
        <Route path="/blog/:slug" component={BlogPostPage} />
        {isLoading && (
          <Route path="/upload">
            <Spinner />
          </Route>
        )}
        {isAuthenticated && <Route path="/upload" component={UploadPage} />}
        {/* Like /upload: registered only when signed in; the page itself checks for an admin. */}
        {isLoading && (
          <Route path="/admin/blog/:action/:id?">
            <Spinner />
          </Route>
        )}
        {isAuthenticated && <Route path="/admin/blog/:action/:id?" component={AdminBlogPage} />}
        {isLoading && (
          <Route path="/admin/stats">
            <Spinner />
          </Route>
        )}
        {isAuthenticated && <Route path="/admin/stats" component={StatsPage} />}
        <Route path="/profile" component={ProfilePage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
