import type { FastifyRequest } from "fastify";
import type { PageMeta, PagePreload } from "../../shared/page-meta";
import type { TranslateMessage } from "../../shared/i18n/translate";
import type { Locale } from "../../shared/i18n/locales";

// How a feature tells the page routes (features/pages) about its own pages: their head tags and
// what they load first. A feature pushes resolvers onto the app; pages asks them in turn.

/** What the server may add to a page's meta: an article's type and dates, structured data. */
export interface ServerPageMeta extends PageMeta {
  /** og:type; "website" unless said. */
  ogType?: "website" | "article";
  /** article:* tags of an article page (ISO 8601 times). */
  article?: { publishedTime?: string; modifiedTime?: string; tags?: string[] };
  /** Written as <script type="application/ld+json">: data, which CSP's script-src does not run. */
  jsonLd?: Record<string, unknown>;
  /** The page exists for this person only (a Pro member's own picture): no shared cache may keep it. */
  personal?: boolean;
  /**
   * The one language the page's own words are written in (a blog post): its address in that
   * language is the canonical one, and it has no alternates in others.
   */
  language?: Locale;
}

/** A resolver's answer for a path that is its own but names nothing (an unknown blog slug): a 404 page. */
export const PAGE_NOT_FOUND = "not-found";

/**
 * Finds the meta of a data-backed page (a dragon, a blog post); null when it is not theirs,
 * PAGE_NOT_FOUND when it is theirs and does not exist. The request tells who is asking (an
 * admin may preview a draft).
 */
export type PageMetaResolver = (
  pathname: string,
  request: FastifyRequest,
  /** The page's language's words for what the resolver writes (English without the SSR bundle). */
  translate: TranslateMessage,
) => Promise<ServerPageMeta | typeof PAGE_NOT_FOUND | null>;
/** Lists what a page will load first (its data, its largest picture); empty when it is not theirs. */
export type PagePreloadResolver = (pathname: string) => Promise<PagePreload[]>;

declare module "fastify" {
  interface FastifyInstance {
    /** Features push resolvers here so their pages get specific head tags on the server. */
    pageMetaResolvers: PageMetaResolver[];
    pagePreloadResolvers: PagePreloadResolver[];
  }
}
