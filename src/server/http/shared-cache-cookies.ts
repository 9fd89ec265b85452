import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * No answer that sets a cookie is `public`, nor without Cache-Control (decision 036). A shared cache (a CDN, a proxy) may
 * keep a `public` answer and replay it to anyone, its Set-Cookie with it: the hourly refresh of a
 * session's expiry would hand that session to the next visitor, and the clearing of a dead one's
 * cookie would sign others out. Such an answer is made `private` instead, its other directives
 * kept: it still reaches its one browser as it was, and the next one, without a cookie, is public
 * again. (Skipping the refresh instead would leave a session's cookie to expire before the session
 * the database extended, and would not cover the other cookies an answer may set.)
 *
 * Registered after @fastify/cookie, whose own onSend hook writes the Set-Cookie headers.
 */
export function installNoSharedCookies(app: FastifyInstance): void {
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (reply.hasHeader("set-cookie")) makePrivate(reply);
    done(null, payload);
  });
}

function makePrivate(reply: FastifyReply): void {
  const cacheControl = reply.getHeader("cache-control");
  // An answer that says nothing (a page's other address, 308; an unknown address, 404) a shared
  // cache may keep as it likes (RFC 9111, 4.2.2): it is told `private` too.
  if (cacheControl === undefined) reply.header("cache-control", "private");
  else if (typeof cacheControl === "string" && /\bpublic\b/i.test(cacheControl))
    reply.header("cache-control", cacheControl.replace(/\bpublic\b/i, "private"));
}
