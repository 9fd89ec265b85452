import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { configuredRemoteSources, type Config } from "../../config";
import { HttpError, errorResponse } from "../../http/errors";
import { contractPlugin, pickEndpoints, type Handler, type HandlerWithOptions } from "../../http/contract-plugin";
import type { SessionUser } from "../../http/request-user";
import { clientKey } from "../../http/rate-limiter";
import { IMAGE_TYPES } from "../../images/sniff";
import type { ObjectStorage } from "../../storage/object-storage";
import { UPLOAD_MAX_BYTES, UPLOAD_URL_TTL_SECONDS } from "../../../shared/uploads";
import { COMPANION_PATH, getBodySchema, type RemoteSources } from "../../../shared/uploads/remote-sources";
import { uploadsEndpoints } from "../../../shared/uploads/endpoints";
import type { ContractKey } from "../../../shared/contract";
import type { Sessions } from "../../auth/sessions";
import {
  createCompanion,
  explainCompanionError,
  FILE_TOO_LARGE,
  installCompanionSocket,
  LINK_FAILED,
  rememberUploadLanguage,
  selfOrigin,
  type CompanionHandler,
} from "./companion";
import { PrivateAddressError, UnknownHostError, checkLinkAddresses } from "./private-address";
import { requestLanguage, requestTranslator } from "../../i18n/request-language";
import { said } from "../../i18n/said";
import type { Locale } from "../../../shared/i18n/locales";

/** A link the server may fetch: http(s), and neither it nor a redirect leads to this machine or a private network. */
async function checkLink(link: string, allowLoopback: boolean): Promise<void> {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new HttpError(400, /*i18n*/ "Enter a full link starting with http:// or https://");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new HttpError(400, /*i18n*/ "Enter a full link starting with http:// or https://");
  try {
    await checkLinkAddresses(url, allowLoopback);
  } catch (error) {
    if (error instanceof PrivateAddressError)
      throw new HttpError(400, /*i18n*/ "Links to private or local network addresses are not allowed");
    if (error instanceof UnknownHostError)
      throw new HttpError(400, /*i18n*/ "We could not find that address. Please check the link.");
    throw error;
  }
}

/**
 * Companion's uploads take the same road as the widget's own: into an upload the signed-in user
 * asked for (POST /api/objects/upload, whose objectPath the widget put in the file's meta), sent
 * once to a URL we sign here, so our PUT route (or S3's POST policy and then set-acl) checks the
 * size and the real image bytes. Whatever destination the browser named is replaced.
 */
async function directToOwnUpload(
  app: FastifyInstance,
  storage: ObjectStorage,
  caller: SessionUser,
  body: z.infer<typeof getBodySchema>,
  locale: Locale,
  senderFields: readonly string[] = [],
) {
  const type = body.metadata.type?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!(IMAGE_TYPES as readonly string[]).includes(type))
    throw new HttpError(415, /*i18n*/ "The file is not a PNG, JPEG, WebP or GIF image");
  if ((body.size ?? 0) > UPLOAD_MAX_BYTES) throw new HttpError(413, /*i18n*/ "The file is larger than 50 MB");
  const key = body.metadata.objectPath.slice("/objects/".length);
  const object = await storage.get(key);
  if (!object || object.ownerId !== caller.id)
    throw new HttpError(403, /*i18n*/ "You can only fill an upload you asked for");
  if (await storage.stat(key)) throw new HttpError(400, /*i18n*/ "That upload has already been filled");
  const signed = await storage.backend.createUploadUrl({
    key,
    contentTypes: [type],
    maxBytes: UPLOAD_MAX_BYTES,
    expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
    senderFields,
  });
  let endpoint = signed.url;
  if (endpoint.startsWith("/")) {
    const origin = selfOrigin(app);
    if (!origin) throw new HttpError(503, /*i18n*/ "Remote uploads need the server to be listening");
    endpoint = origin + endpoint;
  }
  const passed = body as Record<string, unknown>;
  delete passed.uploadUrl;
  // A POST form sends Companion's metadata as its fields: the signed ones, then the file.
  const sending =
    signed.method === "POST"
      ? { httpMethod: "POST", useFormData: true, fieldname: "file", metadata: signed.fields, headers: {} }
      : // Our PUT route's refusal reaches the person in the language they asked in.
        { httpMethod: "PUT", useFormData: false, headers: { "content-type": type, "accept-language": locale } };
  Object.assign(passed, { protocol: "multipart", endpoint, ...sending });
}

/**
 * Hand a request to Companion's Express app: our checks are done, Companion answers it. A refusal
 * in Companion's own words is told as `refused` (see explainCompanionError).
 */
function forward(
  companion: CompanionHandler,
  request: FastifyRequest,
  reply: FastifyReply,
  refused: string = REMOTE_REFUSED,
) {
  reply.hijack();
  const raw = request.raw as IncomingMessage & { body?: unknown; _body?: boolean; originalUrl?: string };
  // Companion routes below its mount point; its session cookie's path is the full one.
  raw.originalUrl = raw.url;
  raw.url = raw.url!.slice(COMPANION_PATH.length) || "/";
  // Fastify has read a JSON body; body-parser skips a request marked as parsed.
  if (request.body !== undefined) {
    raw.body = request.body;
    raw._body = true;
  }
  // Companion's JSON error answers carry the app's message (explainCompanionError), and an upload
  // it starts (its token) keeps the request's language for the outcome it sends over the websocket.
  // Express gives the response its methods by prototype, so this own property comes first.
  Object.defineProperty(reply.raw, "json", {
    configurable: true,
    value(this: ServerResponse & { statusCode: number }, body: unknown) {
      const send = (Object.getPrototypeOf(this) as { json: (body: unknown) => unknown }).json;
      if (!body || typeof body !== "object") return send.call(this, body);
      const { message, token, code } = body as { message?: unknown; token?: unknown; code?: unknown };
      if (this.statusCode < 400) {
        if (typeof token === "string") rememberUploadLanguage(token, requestLanguage(request));
        return send.call(this, body);
      }
      const explained = explainCompanionError(
        typeof message === "string" ? message : undefined,
        REFUSALS[this.statusCode] ?? refused,
      );
      if (explained.id === FILE_TOO_LARGE) this.statusCode = 413;
      // Only our words and Companion's error code (Uppy reads both); never an upstream answer it proxied.
      const told = said(requestTranslator(request), explained);
      return send.call(this, typeof code === "string" ? { message: told, code } : { message: told });
    },
  });
  // Companion's refusals without a body of their own (res.sendStatus) get a message too.
  Object.defineProperty(reply.raw, "sendStatus", {
    configurable: true,
    value(this: ServerResponse & { json: (body: unknown) => unknown }, status: number) {
      if (status < 400)
        return (Object.getPrototypeOf(this) as { sendStatus: (status: number) => unknown }).sendStatus.call(
          this,
          status,
        );
      this.statusCode = status;
      return this.json({});
    },
  });
  companion(raw, reply.raw, (error) => answerUnhandled(request, reply.raw, error));
}

// What Companion's refusals mean for the person in front of the widget, by status.
const REMOTE_REFUSED = /*i18n*/ "The remote source could not handle this request";
const REFUSALS: Record<number, string> = {
  401: /*i18n*/ "Unauthorized",
  501: /*i18n*/ "This remote source is not set up on this server",
};

/**
 * A request none of Companion's routes answered (404), or one it failed on. Without this, Express
 * would answer with its own page, which outside production carries the error's stack trace.
 */
function answerUnhandled(request: FastifyRequest, response: ServerResponse, error: unknown) {
  if (error) request.log.error({ err: error }, "Companion failed");
  if (response.headersSent) {
    response.end();
    return;
  }
  const body = JSON.stringify({
    message: requestTranslator(request)(
      error ? /*i18n*/ "The remote source could not be reached. Please try again." : /*i18n*/ "Not found",
    ),
  });
  response
    .writeHead(error ? 502 : 404, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    })
    .end(body);
}

/** Uppy's Companion client shows the `message` of a JSON error (Companion's own format). */
function answerAsCompanion(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, message } = errorResponse(error, request);
  reply.status(status).send({ message });
}

/**
 * A route of Companion's own: its errors answered as Companion's (see answerAsCompanion), and its
 * rate limit counted per member.
 */
const companionRoute = <K extends ContractKey>(handler: Handler<K>): HandlerWithOptions<K> => ({
  options: {
    errorHandler: answerAsCompanion,
    config: {
      rateLimit: {
        max: 120,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => request.user?.id ?? clientKey(request.ip),
      },
    },
  },
  handler,
});

/**
 * Uppy Companion under /api/companion, for signed-in users only (visitors get 401): the link
 * import (url/meta, url/get), the providers' downloads ({provider}/get/{id}), and the rest of
 * Companion's routes (the OAuth dance, folder listings, thumbnails) through one wildcard. The
 * routes that start a download are checked here first (see checkLink, directToOwnUpload).
 */
export const companionPlugin = contractPlugin(
  pickEndpoints(
    uploadsEndpoints,
    "GET /api/objects/remote-sources",
    "POST /api/companion/url/meta",
    "POST /api/companion/url/get",
    "POST /api/companion/:providerName/get/:id",
    "GET /api/companion/*",
    "POST /api/companion/*",
  ),
  (app, { config, storage, sessions }: { config: Config; storage: ObjectStorage; sessions: Sessions }) => {
    // Made on the first request that needs it (see loadCompanion); a failed start is tried again.
    let handler: Promise<CompanionHandler> | undefined;
    const companion = () =>
      (handler ??= createCompanion(config, storage).catch((error: unknown) => {
        handler = undefined;
        throw error;
      }));
    const allowLoopback = config.COMPANION_TEST_ONLY_ALLOW_LOOPBACK;
    const sources: RemoteSources = {
      companionUrl: COMPANION_PATH,
      sources: ["url", ...configuredRemoteSources(config)],
    };
    installCompanionSocket(app, sessions, companion);
    app.addHook("onClose", async () => (await handler?.catch(() => null))?.close?.());
    // JSON bodies are parsed (and checked) here; any other body is left unread for Companion.
    // (GET /api/objects/remote-sources has no body to read.)
    app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

    // Everything else Companion serves: reads, and the few token posts of the OAuth providers.
    // Any other way to start a download (Companion's older /search/... aliases) is closed.
    const companionPost = /^\/[a-z]+\/(preauth|refresh-token|simple-auth)$/;
    // Only the sources this server has keys for (and their OAuth sign-in, Grant's /connect/...).
    // A source without keys has no session in Companion, whose sign-in then fails with a 500.
    const keyed = configuredRemoteSources(config);
    const ofKeyedSource = keyed.length ? new RegExp(`^/((connect|search)/)?(${keyed.join("|")})(/|$)`) : null;
    const toCompanion = async (request: FastifyRequest, reply: FastifyReply) => {
      const rest = request.url.slice(COMPANION_PATH.length).split("?")[0]!;
      if (!ofKeyedSource?.test(rest)) throw new HttpError(404, /*i18n*/ "Not found");
      if (request.method !== "GET" && !(request.method === "POST" && companionPost.test(rest)))
        throw new HttpError(404, /*i18n*/ "Not found");
      forward(await companion(), request, reply);
    };

    return {
      "GET /api/objects/remote-sources": async () => sources,

      "POST /api/companion/url/meta": companionRoute(async (request, reply) => {
        await checkLink(request.body.url, allowLoopback);
        forward(await companion(), request, reply, LINK_FAILED);
      }),

      "POST /api/companion/url/get": companionRoute(async (request, reply, caller) => {
        await checkLink(request.body.url, allowLoopback);
        await directToOwnUpload(app, storage, caller, request.body, requestLanguage(request));
        forward(await companion(), request, reply, LINK_FAILED);
      }),

      "POST /api/companion/:providerName/get/:id": companionRoute(async (request, reply, caller) => {
        // Companion adds the provider's name to a form as a field of its own: the policy must allow it.
        await directToOwnUpload(app, storage, caller, request.body, requestLanguage(request), ["provider"]);
        forward(await companion(), request, reply);
      }),

      "GET /api/companion/*": companionRoute(toCompanion),
      "POST /api/companion/*": companionRoute(toCompanion),
    };
  },
);
