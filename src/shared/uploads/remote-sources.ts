import { z } from "zod";
import { text } from "../text";
import { objectPathSchema } from "./index";

/** Where Companion is mounted in our API; the widget's `companionUrl` (the websocket is `{this}/api/{token}`). */
export const COMPANION_PATH = "/api/companion";

/**
 * Remote sources that need an OAuth app (or an API key, for Unsplash): offered only when the
 * server has its keys. Each id is Companion's provider name and the `/api/companion/{id}/...` path.
 */
export const KEYED_REMOTE_SOURCES = ["drive", "dropbox", "box", "onedrive", "facebook", "unsplash"] as const;
export type KeyedRemoteSource = (typeof KEYED_REMOTE_SOURCES)[number];

/** Import from a link needs no keys: always offered to signed-in users. */
export type RemoteSource = "url" | KeyedRemoteSource;

/** GET /api/objects/remote-sources: which remote sources the upload widget may offer. */
export const remoteSourcesSchema = z.object({
  companionUrl: z.literal(COMPANION_PATH),
  sources: z.array(z.enum(["url", ...KEYED_REMOTE_SOURCES])),
});
export type RemoteSources = z.infer<typeof remoteSourcesSchema>;

/** A link to import from (Companion's url provider). */
export const linkSchema = text().trim().min(1).max(2048);
// Companion reads more fields than these; the rest pass through to it untouched.
export const urlBodySchema = z.looseObject({ url: linkSchema });
const fileMetaSchema = z.looseObject({
  objectPath: objectPathSchema.shape.objectPath,
  type: text().max(100).optional(),
  name: text().max(1000).optional(),
});
/** A download Companion is asked to start: where it goes (the member's own upload) and what it is. */
export const getBodySchema = z.looseObject({
  metadata: fileMetaSchema,
  size: z.number().int().min(0).nullable().optional(),
});
export const providerParams = z.object({ providerName: text().max(40), id: text().max(2048) });
