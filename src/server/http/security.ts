import type { FastifyInstance } from "fastify";
import type { FastifyHelmetOptions } from "@fastify/helmet";
import type { Config } from "../config";

/**
 * Security headers. The CSP allows only our own origin for scripts and connections, plus Google
 * Analytics when it is configured. Styles allow inline because React and Radix set style
 * attributes for positioning; no inline script is ever served.
 */
export function helmetOptions(config: Config): FastifyHelmetOptions {
  const ga = config.GA_MEASUREMENT_ID
    ? { script: ["https://www.googletagmanager.com"], connect: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com"] }
    : { script: [], connect: [] };
  const s3 = config.S3_ENDPOINT ? [new URL(config.S3_ENDPOINT).origin] : config.S3_BUCKET ? ["https://*.amazonaws.com"] : [];
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
    hsts: config.publicUrl.startsWith("https:"),
  };
}

/**
 * Powerful browser features: the camera for our own pages only (the upload widget's camera),
 * full screen for our own pages (the cell viewer), everything else off for us and any frame.
 * Only names Chromium knows: it logs an error for each unrecognised one.
 */
export const PERMISSIONS_POLICY = [
  "camera=(self)",
  "fullscreen=(self)",
  ...["microphone", "geolocation", "payment", "usb", "serial", "hid", "midi", "display-capture", "screen-wake-lock", "idle-detection", "accelerometer", "gyroscope", "magnetometer", "xr-spatial-tracking", "publickey-credentials-get", "browsing-topics", "local-fonts", "otp-credentials", "window-management"].map((feature) => `${feature}=()`),
].join(", ");

/** Helmet has no Permissions-Policy; every answer, errors included, carries ours. */
export function installPermissionsPolicy(app: FastifyInstance): void {
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
  });
}
