import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { HttpError } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuse state-changing requests that a browser sent from another site (CSRF), on top of
 * SameSite=Lax cookies. Same origin means PUBLIC_URL's origin or the origin the request came to.
 * Requests without Origin (curl, server-to-server) carry no ambient browser credentials to abuse.
 */
export function installOriginCheck(app: FastifyInstance, config: Config): void {
  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook("onRequest", (request, _reply, done) => {
    const origin = request.headers.origin;
    if (!origin || SAFE_METHODS.has(request.method)) return done();
    const own = `${request.protocol}://${request.host}`;
    done(
      origin !== publicOrigin && origin !== own ? new HttpError(403, /*i18n*/ "Cross-site request refused") : undefined,
    );
  });
}
