import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { Spinner } from "../components/ui/spinner";
import { LandingPage } from "../features/landing/landing-page";

// Screens other than the landing page load on demand, so the first page downloads only itself.
const NotFoundPage = lazy(() => import("../features/not-found/not-found-page").then((m) => ({ default: m.NotFoundPage })));

/** The route table of SPEC.md section 2; each route is added when its screen exists. */
export function AppRouter() {
  return (
    <Suspense fallback={<Spinner />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
