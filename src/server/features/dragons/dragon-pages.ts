import type { FastifyInstance } from "fastify";
import { dragonIdParams } from "../../../shared/dragons/endpoints";
import { PAGE_NOT_FOUND } from "../../http/page-resolvers";
import type { Library } from "../../templates/library";

/** What the server-rendered HTML of the library and a dragon's page and canvas says and preloads. */
export function addDragonPages(app: FastifyInstance, library: Library): void {
  // The library and a dragon's page start loading their data and first pictures with the HTML.
  app.pagePreloadResolvers.push(async (pathname) => {
    if (pathname === "/home") {
      const first = (await library.list()).slice(0, 2);
      // Same srcset and sizes as the library's cards (dragon-card.tsx).
      return [
        { as: "fetch" as const, href: "/api/dragons" },
        ...first.map((d) => ({
          as: "image" as const,
          href: d.previewSmallUrl ?? d.previewUrl,
          ...(d.previewSmallUrl
            ? {
                srcset: `${d.previewSmallUrl} 400w, ${d.previewUrl} 800w`,
                sizes: "(min-width: 1024px) 260px, (min-width: 768px) 33vw, 50vw",
              }
            : {}),
        })),
      ];
    }
    const match = /^\/dragon\/([0-9a-f-]{36})$/.exec(pathname);
    const dragon = match ? await library.get(match[1]!) : null;
    return dragon
      ? [
          { as: "fetch" as const, href: `/api/dragons/${dragon.id}` },
          { as: "image" as const, href: dragon.previewUrl },
        ]
      : [];
  });

  // Link previews for a dragon's page and canvas carry its name and picture.
  // A dragon's page and canvas: an address that names no dragon is the not-found page, status 404
  // (the screen says so too). A failed look-up leaves the page to the browser, status 200.
  // A private picture's page is its owner's: for them the head names nothing of it and the page is
  // `private` (`personal`); for anyone else the address is the not-found page.
  app.pageMetaResolvers.push(async (pathname, request, translate) => {
    const match = /^\/(?:dragon|draw)\/([^/]+)$/.exec(pathname);
    if (!match) return null;
    if (!dragonIdParams.safeParse({ id: match[1] }).success) return PAGE_NOT_FOUND;
    const dragon = await library.get(match[1]!, request.user?.id ?? null).catch(() => undefined);
    if (dragon === undefined) return null;
    if (!dragon) return PAGE_NOT_FOUND;
    if (dragon.isPrivate)
      return {
        title: `${translate(/*i18n*/ "My picture")} · Dragon Grid`,
        description: translate(/*i18n*/ "One of your own pictures, to draw with the grid method."),
        personal: true,
      };
    return {
      title: `${dragon.name} · Dragon Grid`,
      description: translate(
        /*i18n*/ "Draw {name} step by step with the grid method: a free template with a lettered and numbered grid.",
        { name: dragon.name },
      ),
      image: dragon.previewUrl,
    };
  });
}
