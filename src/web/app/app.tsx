import { lazy, Suspense } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { queryClient } from "../lib/query-client";
import { usePageViews } from "../lib/analytics";
import { Layout } from "./layout";
import { AppRouter } from "./router";

// The toast region is not needed for the first paint, so it loads just after. Toasts raised
// before it arrives wait in the toast store and show as soon as it mounts.
const Toaster = lazy(() => import("../components/ui/toaster").then((m) => ({ default: m.Toaster })));

function PageViewReporter() {
  usePageViews();
  return null;
}

/** The whole app; the server passes a client of its own for each page it renders. */
export function App({ client = queryClient }: { client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <PageViewReporter />
      <Layout>
        <AppRouter />
      </Layout>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
