import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { Config } from "../config";

/**
 * Security headers. The CSP allows only our own origin for scripts and connections, plus Google
 * Analytics when it is configured. Styles allow inline because React and Radix set style
 * attributes for positioning; no inline script is ever served.
 */
function helmetOptions(config: Config): HelmetOptions {
  const ga = config.GA_MEASUREMENT_ID
    ? {
        script: ["https://www.googletagmanager.com"],
        connect: [
          "https://*.google-analytics.com",
          "https://*.analytics.google.com",
          "https://www.googletagmanager.com",
        ],
      }
    : { script: [], connect: [] };
  const s3 = config.S3_ENDPOINT
    ? [new URL(config.S3_ENDPOINT).origin]
    : config.S3_BUCKET
      ? ["https://*.amazonaws.com"]
      : [];
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...ga.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: because blog posts may show an admin's https image (decision 011); scripts and
        // connections stay on our origin.
        imgSrc: ["'self'", "data:", "blob:", "https:", ...s3],
        connectSrc: ["'self'", ...ga.connect, ...s3],
        fontSrc: ["'self'", "data:"],
        mediaSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Only when served over https: upgrading on plain-http localhost would break the app.
        upgradeInsecureRequests: config.publicUrl.startsWith("https:") ? [] : null,
      },
    },
    // Images we serve are embedded by social sites and mail clients.
    crossOriginResourcePolicy: { policy: "cross-origin" },
    crossOriginEmbedderPolicy: false,
    // The upload widget's remote sources sign in in a popup that hands the token back through
    // window.opener (Companion's send-token page); "same-origin" would cut that link.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    hsts: config.publicUrl.startsWith("https:"),
  };
}

/**
 * Powerful browser features: the camera for our own pages only (the upload widget's camera),
 * full screen and screen wake lock for our own pages (the canvas), everything else off for us and any frame.
 * Only names Chromium knows: it logs an error for each unrecognised one.
 */
export const PERMISSIONS_POLICY = [
  "camera=(self)",
  "fullscreen=(self)",
  // The canvas keeps the screen awake while a learner draws from it (decision 013).
  "screen-wake-lock=(self)",
  ...[
    "microphone",
    "geolocation",
    "payment",
    "usb",
    "serial",
    "hid",
    "midi",
    "display-capture",
    "idle-detection",
    "accelerometer",
    "gyroscope",
    "magnetometer",
    "xr-spatial-tracking",
    "publickey-credentials-get",
    "browsing-topics",
    "local-fonts",
    "otp-credentials",
    "window-management",
  ].map((feature) => `${feature}=()`),
].join(", ");

/**
 * The security headers every answer carries, errors included: Helmet's, worked out once at start-up
 * (the Fastify plugin rebuilt and re-parsed the whole policy on every request, a measurable share
 * of a fast API read), plus our Permissions-Policy, which Helmet has no option for.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(config))({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  headers["permissions-policy"] = PERMISSIONS_POLICY;
  return headers;
}

export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
