import { Suspense } from "react";
import { Route, Switch } from "wouter";
import { Spinner } from "../components/ui/spinner";
import { useAuth } from "../lib/auth";
import { lazyScreen } from "./lazy-screen";
import { serverRenderedPage, type ServerRenderedPage } from "../../shared/page-queries";

// Every screen loads on demand, so the first page downloads only itself (the server renders the
// public ones and preloads their chunk with the HTML: decision 016b).
const LandingPage = lazyScreen(() => import("../features/landing/landing-page").then((m) => m.LandingPage));
const NotFoundPage = lazyScreen(() => import("../features/not-found/not-found-page").then((m) => m.NotFoundPage));
const LoginPage = lazyScreen(() => import("../features/auth/login-page").then((m) => m.LoginPage));
const VerifyEmailPage = lazyScreen(() => import("../features/auth/verify-email-page").then((m) => m.VerifyEmailPage));
const ResetPasswordPage = lazyScreen(() => import("../features/account/reset-password-page").then((m) => m.ResetPasswordPage));
const ProfilePage = lazyScreen(() => import("../features/profile/profile-page").then((m) => m.ProfilePage));
const LibraryPage = lazyScreen(() => import("../features/library/library-page").then((m) => m.LibraryPage));
const DragonPage = lazyScreen(() => import("../features/dragon/dragon-page").then((m) => m.DragonPage));
const DrawPage = lazyScreen(() => import("../features/canvas/draw-page").then((m) => m.DrawPage));
const FeedPage = lazyScreen(() => import("../features/feed/feed-page").then((m) => m.FeedPage));
const UploadPage = lazyScreen(() => import("../features/feed/upload-page").then((m) => m.UploadPage));
const BlogListPage = lazyScreen(() => import("../features/blog/blog-list-page").then((m) => m.BlogListPage));
const BlogPostPage = lazyScreen(() => import("../features/blog/blog-post-page").then((m) => m.BlogPostPage));
// Blog management (and its editor, loaded later still) never reaches the blog's readers.
const AdminBlogPage = lazyScreen(() => import("../features/blog/admin-blog-page").then((m) => m.AdminBlogPage));
const StatsPage = lazyScreen(() => import("../features/stats/stats-page").then((m) => m.StatsPage));

// The screens the server renders (shared/page-queries.ts), to load before hydrating.
const SERVER_RENDERED_SCREENS: Record<ServerRenderedPage, { preload(): Promise<unknown> }> = {
  landing: LandingPage,
  library: LibraryPage,
  dragon: DragonPage,
  blogList: BlogListPage,
  blogPost: BlogPostPage,
};

/** Load the code of the screen the server rendered for this path (any other is the not-found page). */
export function preloadServerRenderedScreen(pathname: string): Promise<unknown> {
  const page = serverRenderedPage(pathname);
  return (page ? SERVER_RENDERED_SCREENS[page] : NotFoundPage).preload();
}

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
