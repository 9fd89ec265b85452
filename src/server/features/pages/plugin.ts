import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";
import { DEFAULT_DESCRIPTION, DEFAULT_OG_IMAGE } from "../../../shared/site";
import { notFoundMetaIn, pageTitle, type PagePreload } from "../../../shared/page-meta";
import { english, type TranslateMessage } from "../../../shared/i18n/translate";
import { getScreenPageMeta } from "../../../shared/screen-page-meta";
import { canonicalPath, isKnownRoute, isServerRenderedPage } from "../../../shared/pages";
import { localeInfo, localePath, SOURCE_LOCALE, splitLocalePath, type Locale } from "../../../shared/i18n/locales";
import { preferredLocale } from "./preferred-locale";
import { preferredEncoding } from "../../http/precompress";
import { contractPlugin, pickEndpoints } from "../../http/contract-plugin";
import { documentsEndpoints } from "../../../shared/documents/endpoints";
import { injectHead, renderHeadTags, renderPreloads } from "./head-tags";
import { PAGE_NOT_FOUND, type ServerPageMeta } from "../../http/page-resolvers";
import { preparePage, type CachedPage, type PageCache } from "./rendered-pages";
import { loadPageRenderer, type PageMessages, type PageRenderer } from "./server-render";
import { landingPreload, readManifest, routeModules } from "./client-manifest";

// Used when the client has not been built (API tests): the same head, an empty body.
const FALLBACK_TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--head-tags--></head><body><div id="root"></div></body></html>`;

/**
 * Serves the built client: hashed assets cached forever, every app route as index.html with its
 * head tags. Public pages (and the 404 page) come rendered on the server when the SSR bundle is
 * there, kept in `pageCache` (decision 016b).
 */
export const pagesPlugin = contractPlugin(
  pickEndpoints(documentsEndpoints, "GET /"),
  (app, { config, pageCache }: { config: Config; pageCache: PageCache }) => {
    const indexFile = path.join(config.CLIENT_DIR, "index.html");
    const hasClient = fs.existsSync(indexFile);
    let template = hasClient ? fs.readFileSync(indexFile, "utf8") : FALLBACK_TEMPLATE;
    if (config.GA_MEASUREMENT_ID) {
      template = template.replace(
        "<!--head-tags-->",
        `<meta name="ga-measurement-id" content="${config.GA_MEASUREMENT_ID}">\n    <!--head-tags-->`,
      );
    }

    if (hasClient) {
      void app.register(fastifyStatic, {
        root: config.CLIENT_DIR,
        wildcard: false,
        index: false,
        // index.html is always rendered with its head tags, never served raw.
        allowedPath: (pathName) => pathName !== "/index.html",
        setHeaders(reply, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          const name = path.basename(filePath);
          // The service worker and the manifest must be checked on every visit, or a new build
          // would reach learners only when an hour's cache ran out.
          const fresh = name === "sw.js" || name === "manifest.webmanifest";
          reply.header(
            "cache-control",
            hashed ? "public, max-age=31536000, immutable" : fresh ? "no-cache" : "public, max-age=3600",
          );
          if (name === "manifest.webmanifest") reply.header("content-type", "application/manifest+json; charset=utf-8");
        },
      });
    }

    async function metaFor(
      pathname: string,
      request: FastifyRequest,
      translate: TranslateMessage,
    ): Promise<{ meta: ServerPageMeta; found: boolean }> {
      const fixed = getScreenPageMeta(pathname, translate);
      if (fixed) return { meta: fixed, found: true };
      for (const resolve of app.pageMetaResolvers) {
        const meta = await resolve(pathname, request, translate);
        if (meta === PAGE_NOT_FOUND) return { meta: notFoundMetaIn(translate), found: false };
        if (meta) return { meta, found: true };
      }
      if (isKnownRoute(pathname))
        return {
          meta: { title: pageTitle(undefined, translate), description: translate(DEFAULT_DESCRIPTION) },
          found: true,
        };
      return { meta: notFoundMetaIn(translate), found: false };
    }

    const manifest = readManifest(config.CLIENT_DIR);
    if (manifest) {
      const landing = landingPreload(manifest);
      app.pagePreloadResolvers.push(async (pathname) =>
        pathname === "/" ? [...landing, ...routeModules(manifest, pathname)] : routeModules(manifest, pathname),
      );
    }

    // The SSR bundle is loaded as the app starts (a plugin of this one), before any page is asked for.
    let renderer: PageRenderer | null = null;
    let pageMessages: PageMessages | null = null;
    // Without the SSR bundle (API tests) the head tags are in English.
    let translatorFor: (locale: Locale) => TranslateMessage = () => english;
    void app.register(async () => {
      const loaded = await loadPageRenderer(app, config.CLIENT_DIR);
      renderer = loaded?.render ?? null;
      pageMessages = loaded?.messages ?? null;
      if (loaded) translatorFor = loaded.translate;
    });

    /** The template in a language: `<html lang dir>`, and the language's public messages (decision 056). */
    const templateIn = (locale: Locale) =>
      template
        .replace(/<html lang="[^"]*"/, `<html lang="${locale}" dir="${localeInfo(locale).dir}"`)
        .replace(`<div id="root"></div>`, () => `<div id="root"></div>${pageMessages?.(locale) ?? ""}`);

    /**
     * The page's HTML at an address (with its language's prefix): its head tags and preloads, and
     * its first screen when it is rendered here.
     */
    async function buildPage(
      address: string,
      request: FastifyRequest,
    ): Promise<{ status: number; html: string; rendered: boolean; personal?: boolean }> {
      const renderPage = renderer;
      const { locale, path: pathname } = splitLocalePath(address);
      const { meta, found } = await metaFor(pathname, request, translatorFor(locale));
      const preloads = found
        ? (await Promise.all(app.pagePreloadResolvers.map((resolve) => resolve(pathname).catch(() => [])))).flat()
        : [];
      const withHead = (list: PagePreload[]) =>
        injectHead(
          templateIn(locale),
          [
            renderHeadTags({ ...meta, image: meta.image ?? DEFAULT_OG_IMAGE }, config.publicUrl, pathname, locale),
            renderPreloads(list),
          ]
            .filter(Boolean)
            .join("\n    "),
        );
      const status = found ? 200 : 404;
      // A server-rendered screen whose dragon or post does not exist renders its own not-found words.
      const ssr = renderPage && (isServerRenderedPage(pathname) || !isKnownRoute(pathname));
      if (ssr) {
        // The data comes inside the page: no need to preload it.
        const html = await renderPage(
          address,
          withHead(preloads.filter((p) => p.as !== "fetch")),
          !request.user,
          !found,
        );
        if (html) return { status, html, rendered: true, personal: meta.personal };
      }
      return { status, html: withHead(preloads), rendered: false, personal: meta.personal };
    }

    // A page is the same for everyone except an admin's, which may carry a draft's head tags: only
    // `public` answers are kept by the service worker on a shared device (decision 013).
    const pageCacheControl = (request: FastifyRequest) =>
      request.user?.isAdmin ? "private, no-cache" : "public, no-cache";

    async function send(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
      reply
        .status(page.status)
        .header("cache-control", pageCacheControl(request))
        .header("vary", reply.getHeader("vary") ?? "accept-encoding")
        .header("etag", page.etag)
        .type("text/html; charset=utf-8");
      const match = request.headers["if-none-match"];
      if (page.status === 200 && match && match.split(",").some((tag) => tag.trim() === page.etag))
        return reply.status(304).send();
      // Bytes compressed once per page; setting content-encoding keeps @fastify/compress off them.
      const encoding = preferredEncoding(request.headers["accept-encoding"]);
      if (encoding === "br") return reply.header("content-encoding", "br").send(page.br);
      if (encoding === "gzip") return reply.header("content-encoding", "gzip").send(await page.gzip());
      return reply.send(page.html);
    }

    async function sendPage(request: FastifyRequest, reply: FastifyReply) {
      const address = request.url.split("?")[0]!;
      const search = request.url.slice(address.length);
      const { locale, path } = splitLocalePath(address);
      // An address without a language's prefix is English; someone who chose another language,
      // or whose browser asks for one on a first visit, is sent to that language's address. The
      // answer at such an address depends on both.
      if (locale === SOURCE_LOCALE) {
        reply.header("vary", "accept-encoding, accept-language, cookie");
        const preferred = preferredLocale(request);
        if (preferred !== SOURCE_LOCALE) return reply.redirect(`${localePath(preferred, path)}${search}`, 302);
      }
      // Before the cache: each spelling of a page (a trailing slash, an id in capitals or
      // percent-encoded) would otherwise be rendered and kept as a page of its own (decision 036).
      const canonical = canonicalPath(path);
      if (canonical !== null && canonical !== path)
        return reply.redirect(`${localePath(locale, canonical)}${search}`, 308);
      const pathname = address;
      // Rendered public pages are the same for every visitor (signed out) and for every signed-in
      // person (account left to the browser), so both are kept (decision 016b); an admin's page may
      // carry a draft's head tags, so theirs are made afresh.
      let built: Awaited<ReturnType<typeof buildPage>> | undefined;
      if (renderer && isServerRenderedPage(path) && !request.user?.isAdmin) {
        const cached = await pageCache.get(request.user ? `${pathname} signed-in` : pathname, async () => {
          built = await buildPage(pathname, request);
          return built.rendered && built.status === 200 ? preparePage(built.status, built.html) : null;
        });
        if (cached) return send(request, reply, cached);
      }
      const page = built ?? (await buildPage(pathname, request));
      return reply
        .status(page.status)
        .header("cache-control", page.personal ? "private, no-cache" : pageCacheControl(request))
        .type("text/html; charset=utf-8")
        .send(page.html);
    }

    app.setNotFoundHandler((request, reply) => {
      const isPage =
        (request.method === "GET" || request.method === "HEAD") && !/^\/(api|objects)(\/|$)/.test(request.url);
      if (isPage) return sendPage(request, reply);
      return reply.status(404).type("text/plain; charset=utf-8").send("Not Found");
    });
    return { "GET /": sendPage };
  },
);

// What app.ts composes this plugin with (and other features are given).
export { createPageCache } from "./rendered-pages";
