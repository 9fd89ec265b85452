import { Suspense } from "react";
import { Route, Switch } from "wouter";
import { Spinner } from "../components/ui/spinner";
import { useAuth } from "../lib/auth";
import { NotFoundPage, SCREENS } from "./screens";
import { PAGES, serverRenderedScreen } from "../../shared/pages";

/** Load the code of the screen the server rendered for this path (any other is the not-found page). */
export function preloadServerRenderedScreen(pathname: string): Promise<unknown> {
  const screen = serverRenderedScreen(pathname);
  return (screen ? SCREENS[screen] : NotFoundPage).preload();
}

/** The routes of the page table (shared/pages.ts), in its order; anything else is the not-found page. */
export function AppRouter() {
  // Members' screens exist only for signed-in people (docs/spec.md §2); visitors get the
  // not-found page, and while the account loads, a spinner.
  const { isAuthenticated, isLoading } = useAuth();
  return (
    <Suspense fallback={<Spinner />}>
      <Switch>
        {PAGES.map((page) => {
          if (page.access === "members" && !isAuthenticated) {
            return isLoading ? (
              <Route key={page.path} path={page.path}>
                <Spinner />
              </Route>
            ) : null;
          }
          return <Route key={page.path} path={page.path} component={SCREENS[page.screen]} />;
        })}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
