import { useEffect, useRef } from "react";
import { useLocation } from "wouter";

/**
 * Report every route change (lib/page-view-report.ts, loaded with the first report: the first load
 * of a page carries only this hook).
 */
export function usePageViews() {
  const [location] = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const referrer = previous.current ? window.location.origin + previous.current : document.referrer || null;
    previous.current = location;
    void import("./page-view-report")
      .then(({ reportPageView }) => reportPageView(location, referrer))
      .catch(() => {
        // Offline, or the code could not load: analytics must never disturb the page.
      });
  }, [location]);
}
