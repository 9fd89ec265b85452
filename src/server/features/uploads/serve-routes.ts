import { isValidKey } from "../../storage/blob-backend";
import { canRead, type ObjectStorage } from "../../storage/object-storage";
import { HttpError } from "../../http/errors";
import type { Handlers } from "../../http/contract-plugin";
import { IMAGE_TYPES } from "../../images/sniff";
import { parseRange } from "./byte-range";

const SERVABLE_TYPES = new Set<string>(IMAGE_TYPES);
// A stored object is data, never a page: should anything ever be read as a document (a polyglot
// file, a browser that ignores nosniff), it may load nothing and run nothing.
const OBJECT_CSP = "default-src 'none'; sandbox";

const EXTENSIONS: Record<string, string> = {
  "image/png": ".png",
  "image/jpeg": ".jpg",
  "image/webp": ".webp",
  "image/gif": ".gif",
};

/**
 * A download's file name: the asked-for name, else the key's last part, in safe characters only.
 * An image's name ends in its type's extension, whatever was asked: a link to someone's
 * PNG/HTML polyglot with ?download=invoice.html must not save a page that opens in a browser.
 */
export function downloadFileName(key: string, asked: unknown, type?: string): string {
  const raw = typeof asked === "string" && asked.trim() !== "" ? asked : key.split("/").at(-1)!;
  const safe =
    raw
      .replace(/[^A-Za-z0-9._ -]+/g, "-")
      .replace(/^[.\s-]+/, "")
      .slice(0, 120) || "download";
  const extension = type ? EXTENSIONS[type] : undefined;
  if (
    !extension ||
    safe.toLowerCase().endsWith(extension) ||
    (extension === ".jpg" && safe.toLowerCase().endsWith(".jpeg"))
  )
    return safe;
  return `${safe.replace(/\.[^.]*$/, "")}${extension}`;
}

/**
 * GET /objects/{key}: public objects to anyone, private ones only to their owner and admins
 * (others get the same 404 as a missing object, so private keys cannot be probed).
 * `?download` (or `?download=name.png`) asks for it as an attachment.
 */
export function objectServeHandlers(storage: ObjectStorage): Handlers<"GET /objects/*"> {
  return {
    "GET /objects/*": {
      options: { config: { compress: false } } as object,
      handler: async (request, reply, caller) => {
        // The wildcard is checked here, not by a schema: an escaped or climbing path is "Invalid object path".
        const key = (request.params as { "*": string })["*"];
        // Fastify has decoded the path once; anything still escaped or climbing is refused outright.
        if (!isValidKey(key) || /%|\\/.test(request.url.split("?")[0]!.slice("/objects/".length))) {
          throw new HttpError(400, /*i18n*/ "Invalid object path");
        }
        const object = await storage.get(key);
        // Whether a key is there depends on who asks (private ones): no cache may keep the answer.
        reply.header("cache-control", "private, no-cache");
        if (!object || !canRead(object, caller)) throw new HttpError(404, /*i18n*/ "Object not found");
        const info = await storage.stat(key);
        if (!info) throw new HttpError(404, /*i18n*/ "Object not found");

        // Served as an image only when it is stored as one of the image types uploads are checked
        // against (their bytes proved it); anything else goes out as an opaque download.
        const type = object.contentType ?? info.contentType ?? "";
        const servable = SERVABLE_TYPES.has(type);
        const query = request.query as Record<string, unknown>;
        if (!servable || "download" in query) {
          reply.header(
            "content-disposition",
            `attachment; filename="${downloadFileName(key, query.download, servable ? type : undefined)}"`,
          );
        }
        reply
          .header("content-type", servable ? type : "application/octet-stream")
          .header("content-security-policy", OBJECT_CSP)
          .header("etag", info.etag)
          .header("last-modified", info.lastModified.toUTCString())
          .header("accept-ranges", "bytes")
          .header("x-content-type-options", "nosniff")
          .header("cache-control", cacheControl(key, object.isPublic));

        if (request.headers["if-none-match"] === info.etag) return reply.status(304).send();

        const range = parseRange(request.headers.range, info.size);
        if (range === "unsatisfiable") {
          return reply
            .status(416)
            .header("content-range", `bytes */${info.size}`)
            .type("text/plain")
            .send("Range Not Satisfiable");
        }
        if (range) {
          reply
            .status(206)
            .header("content-range", `bytes ${range.start}-${range.end}/${info.size}`)
            .header("content-length", range.end - range.start + 1);
          return reply.send(await storage.read(key, range));
        }
        reply.header("content-length", info.size);
        return reply.send(await storage.read(key));
      },
    },
  };
}

/**
 * Public keys keep their bytes (set-acl writes a cleaned copy before it makes one public), so they
 * can be cached for a day; private ones must be checked with us every time. A feed photo is public
 * only while its post is approved and not hidden (decision 029): caches may keep it but must ask
 * again each time (a 304 by its ETag), so a hidden post's photos stop showing at once.
 */
function cacheControl(key: string, isPublic: boolean): string {
  if (!isPublic) return "private, no-cache";
  return key.startsWith("posts/") ? "public, no-cache" : "public, max-age=86400";
}
