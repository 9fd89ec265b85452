import { EventEmitter } from "node:events";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { PROVIDER_ENV, configuredRemoteSources, type Config } from "../../config";
import { serverSecret } from "../../http/secrets";
import { LOCAL_UPLOAD_PATH } from "../../storage/local-backend";
import type { ObjectStorage } from "../../storage/object-storage";
import { UPLOAD_MAX_BYTES } from "../../../shared/uploads";
import { COMPANION_PATH } from "../../../shared/uploads/remote-sources";
import { SESSION_COOKIE, type Sessions } from "../../auth/sessions";
import { SOURCE_LOCALE, type Locale } from "../../../shared/i18n/locales";
import { said, type Said } from "../../i18n/said";
import { serverTranslator } from "../../i18n/server-catalogs";

/** Companion's Express app: `next` is called when no route of Companion's answered, or with its error. */
export type CompanionHandler = ((
  request: IncomingMessage,
  response: ServerResponse,
  next: (error?: unknown) => void,
) => void) & {
  /** Closes what the handler opened (its Redis connection). */
  close?: () => Promise<void>;
};

// Companion (Express and its many dependencies) is loaded on the first remote-source request, not
// at start-up: loading it with the server added some 1.5 s to every start and tens of MB of
// resident memory to a server that may never see a remote file.
let companionModule: Promise<typeof import("@uppy/companion")> | undefined;
const loadCompanion = () => (companionModule ??= import("@uppy/companion"));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * Where Companion may send what it fetched: only our own signed upload URLs. The gate
 * (remote-upload-gate.ts) writes every destination itself, so this is a second lock: on local
 * storage, our PUT route on this machine's own address; on S3, the bucket's origin.
 */
async function uploadDestinations(config: Config, storage: ObjectStorage): Promise<RegExp[]> {
  if (storage.kind === "local") {
    const hosts = ["127\\.0\\.0\\.1", "\\[::1\\]", escapeRegExp(config.HOST)];
    return [new RegExp(`^http://(${hosts.join("|")}):\\d+${escapeRegExp(LOCAL_UPLOAD_PATH)}\\?`)];
  }
  // Presigning is local computation: ask for one to learn the bucket's origin.
  const probe = await storage.backend.createUploadUrl({
    key: "uploads/companion-probe",
    contentTypes: ["image/png"],
    maxBytes: 1,
    expiresInSeconds: 60,
  });
  return [new RegExp(`^${escapeRegExp(new URL(probe.url).origin)}/`)];
}

/**
 * Uppy Companion (the maintained server behind the widget's remote sources), as an Express app our
 * Fastify routes hand requests to (routes.ts), with its options derived from our configuration.
 */
export async function createCompanion(config: Config, storage: ObjectStorage): Promise<CompanionHandler> {
  const companion = await loadCompanion();
  const filePath = path.join(config.DATA_DIR, "companion");
  fs.mkdirSync(filePath, { recursive: true });
  const secret = serverSecret(config, "companion").toString("hex");
  const publicUrl = new URL(config.publicUrl);
  const sources = configuredRemoteSources(config);
  const providerOptions = Object.fromEntries(
    sources.map((source) => [
      source,
      {
        key: config[`COMPANION_${PROVIDER_ENV[source]}_KEY`],
        secret: config[`COMPANION_${PROVIDER_ENV[source]}_SECRET`],
      },
    ]),
  );

  const { app, emitter } = companion.app({
    secret,
    filePath,
    server: { host: publicUrl.host, protocol: publicUrl.protocol.slice(0, -1), path: COMPANION_PATH },
    // Same-origin only: the widget is served by this server.
    corsOrigins: [publicUrl.origin],
    providerOptions,
    enableUrlEndpoint: true,
    // Companion's guard refuses every non-public address at connect time, redirects included. The
    // test-only setting has to open it to reach a local test server; our own check (routes.ts)
    // then still refuses everything but loopback.
    allowLocalUrls: config.COMPANION_TEST_ONLY_ALLOW_LOOPBACK,
    uploadUrls: await uploadDestinations(config, storage),
    maxFileSize: UPLOAD_MAX_BYTES,
    // Fetch the whole file (to DATA_DIR/companion, stopped past maxFileSize) before sending it: the
    // upload then carries its exact length, whatever the source said.
    streamingUpload: false,
    // Prometheus metrics register globally once per process; ours are in features/metrics.
    metrics: false,
    // With Redis, an upload's progress reaches its browser's websocket on whichever process holds it.
    ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}),
  });

  explainUploadErrors(emitter as EventEmitter);

  // OAuth providers keep their state between redirects in a session (Grant's). Only those need
  // one; it is Companion's own and short-lived: in Redis with REDIS_URL, where every server process
  // finds it, else in this process's memory (a sign-in must then finish where it started).
  if (sources.length === 0) return app as unknown as CompanionHandler;
  const { default: expressSession } = await import("express-session");
  const shared = config.REDIS_URL ? await redisSessionStore(config.REDIS_URL) : null;
  const session = expressSession({
    name: "dg_companion",
    secret,
    resave: false,
    saveUninitialized: false,
    cookie: {
      path: COMPANION_PATH,
      httpOnly: true,
      sameSite: "lax",
      secure: publicUrl.protocol === "https:",
      maxAge: 30 * 60 * 1000,
    },
    ...(shared ? { store: shared.store } : {}),
  });
  const handler: CompanionHandler = (request, response, next) =>
    session(request as never, response as never, (error?: unknown) =>
      error ? next(error) : app(request as never, response as never, next as never),
    );
  handler.close = async () => shared?.close();
  return handler;
}

/** The key prefix of the providers' sign-in sessions in Redis. */
export const COMPANION_SESSION_PREFIX = "dragon-grid:companion-session:";

/** How long a session read or write waits for Redis (while it reconnects) before the request fails. */
const REDIS_COMMAND_TIMEOUT_MS = 2000;

/** connect-redis on a node-redis connection of its own (decision 043). */
async function redisSessionStore(url: string) {
  const [{ RedisStore }, { createClient }] = await Promise.all([import("connect-redis"), import("redis")]);
  const client = createClient({ url, commandOptions: { timeout: REDIS_COMMAND_TIMEOUT_MS } });
  // An "error" event nobody listens to would end the process; the client reconnects by itself.
  client.on("error", (error: Error) => console.error(`Companion's Redis: ${error.message}`));
  // Not awaited, as Companion starts whether or not Redis answers: commands wait for the connection.
  client.connect().catch(() => {});
  return {
    store: new RedisStore({ client, prefix: COMPANION_SESSION_PREFIX }),
    close: async () => void (await client.close().catch(() => client.destroy())),
  };
}

/** The upload's refusal for a file over 50 MB (a message id of the server's catalog). */
export const FILE_TOO_LARGE = /*i18n*/ "The file is larger than 50 MB";

/** A link Companion could not fetch (a dead link, a site that refuses it). */
export const LINK_FAILED = /*i18n*/ "We could not fetch that link. Please check it and try again.";

// Companion's own words for what a person can meet, as the app's messages. Its other words are
// English for programs: the reader is told the caller's fallback instead.
const COMPANION_WORDS: Record<string, string> = {
  "maxFileSize exceeded": FILE_TOO_LARGE,
  "failed to fetch URL metadata": LINK_FAILED,
  "failed to fetch URL": LINK_FAILED,
};

/**
 * What to tell the reader of a refusal whose words are Companion's `message`, else `fallback`. A
 * refused PUT reaches Companion as a bare status: its words are our upload route's answer
 * (`responseText`), already in the upload's language.
 */
export function explainCompanionError(message: string | undefined, fallback: string, responseText?: unknown): Said {
  if (message && Object.hasOwn(COMPANION_WORDS, message)) return { id: COMPANION_WORDS[message]! };
  if (!message && typeof responseText === "string" && responseText.length > 0 && responseText.length < 300)
    return { id: responseText, verbatim: true };
  return { id: fallback };
}

// The language of each remote upload under way, by Companion's token. Its outcome reaches the
// browser over a websocket, which names no language; the request that started it did. The upload
// runs, and emits its outcome, in the process that answered that request.
const uploadLanguages = new Map<string, Locale>();
const REMEMBERED_UPLOADS = 10_000;

/** Companion started an upload (`token`) for a request in `locale`. */
export function rememberUploadLanguage(token: string, locale: Locale): void {
  uploadLanguages.set(token, locale);
  if (uploadLanguages.size > REMEMBERED_UPLOADS) uploadLanguages.delete(uploadLanguages.keys().next().value!);
}

/**
 * Put the app's words, in the upload's language, into the upload errors Companion sends over its
 * websocket. The emitter is Companion's own (one per process); only outcome events are touched.
 */
function explainUploadErrors(emitter: EventEmitter) {
  const emit = emitter.emit.bind(emitter);
  emitter.emit = (event: string | symbol, ...args: unknown[]) => {
    const data = args[0] as
      | { action?: string; payload?: { error?: { message?: string; extraData?: { responseText?: unknown } } } }
      | undefined;
    if (typeof event === "string" && (data?.action === "success" || data?.action === "error")) {
      const locale = uploadLanguages.get(event) ?? SOURCE_LOCALE;
      uploadLanguages.delete(event);
      const error = data.action === "error" ? data.payload?.error : undefined;
      if (error)
        error.message = said(
          serverTranslator(locale),
          explainCompanionError(error.message, /*i18n*/ "The upload failed", error.extraData?.responseText),
        );
    }
    return emit(event, ...args);
  };
}

/** This server's own origin for requests it sends itself (Companion's PUT of a fetched file). */
export function selfOrigin(app: FastifyInstance): string | null {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === "string") return null;
  const host =
    address.address === "0.0.0.0"
      ? "127.0.0.1"
      : address.address === "::"
        ? "[::1]"
        : address.family === "IPv6"
          ? `[${address.address}]`
          : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Companion's progress websocket (`{COMPANION_PATH}/api/{token}`) on our HTTP server. Companion's
 * socket listens to every upgrade of the server it is given, so it gets a stand-in that only
 * passes on upgrades to that path from a signed-in session; anything else is refused.
 */
export function installCompanionSocket(app: FastifyInstance, sessions: Sessions, ready: () => Promise<unknown>): void {
  const upgrades = new EventEmitter();
  // Companion's socket is attached once, after Companion itself is made (`ready`).
  let attached: Promise<void> | undefined;
  const attach = () =>
    (attached ??= ready().then(async () => {
      (await loadCompanion()).socket(upgrades as never);
    }));
  const open = new Set<Socket>();
  app.server.on("upgrade", (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const refuse = (status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (!(request.url ?? "").startsWith(`${COMPANION_PATH}/api/`)) return refuse("404 Not Found");
    const token = app.parseCookie(request.headers.cookie ?? "")[SESSION_COOKIE];
    Promise.all([sessions.userForToken(token), attach()]).then(
      ([user]) => {
        if (!user) return refuse("401 Unauthorized");
        open.add(socket);
        socket.once("close", () => open.delete(socket));
        upgrades.emit("upgrade", request, socket, head);
      },
      () => refuse("500 Internal Server Error"),
    );
  });
  // A progress socket left open would keep the server from closing.
  app.addHook("preClose", async () => {
    for (const socket of open) socket.destroy();
  });
}
