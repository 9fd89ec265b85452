import { sendApi } from "./api-client";

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

// The server writes this meta tag only when GA_MEASUREMENT_ID is set.
const gaId = () => document.querySelector<HTMLMetaElement>('meta[name="ga-measurement-id"]')?.content;

function loadGoogleAnalytics(id: string) {
  if (window.gtag) return;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads the arguments object itself, as Google's snippet does.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag("js", new Date());
  // Page views are sent by hand on each route change, so the automatic one is off.
  window.gtag("config", id, { send_page_view: false });
  const script = document.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);
}

/** Report one page view to our analytics endpoint, and to Google Analytics when configured. */
export function reportPageView(location: string, referrer: string | null): void {
  sendApi("POST /api/analytics/pageview", { body: { path: location, referrer } }, { keepalive: true }).catch(() => {
    // Analytics must never disturb the page.
  });
  const id = gaId();
  if (id) {
    loadGoogleAnalytics(id);
    // Without the query string: e-mailed links carry secrets there (?token= of a password reset).
    window.gtag!("event", "page_view", { page_path: location, page_location: window.location.origin + location });
  }
}
