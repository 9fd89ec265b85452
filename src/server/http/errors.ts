import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { SOURCE_LOCALE, type Locale } from "../../shared/i18n/locales";
import { requestLanguage } from "../i18n/request-language";
import { serverTranslator } from "../i18n/server-catalogs";
import { said, type Said, type SaidValues } from "../i18n/said";
import { zodReason } from "../i18n/zod-reasons";

/**
 * An error whose message is safe to show: answered as `status` with the message as plain text, in
 * the language the request asks for. `id` is the message's English ICU text, marked `/*i18n*\/`
 * where it is written (decision 057), with its placeholders' values; `message` is its English.
 */
export class HttpError extends Error {
  public readonly said: Said;
  /** Headers the answer carries (Retry-After with a 429). */
  public readonly headers: Record<string, string>;

  constructor(
    public readonly statusCode: number,
    /** The message's id, or the message itself when it was made elsewhere (`sanctionSaid`). */
    id: string | Said,
    options: { values?: SaidValues; headers?: Record<string, string> } = {},
  ) {
    const message = typeof id === "string" ? { id, ...(options.values ? { values: options.values } : {}) } : id;
    super(said(serverTranslator(SOURCE_LOCALE), message));
    this.said = message;
    this.headers = options.headers ?? {};
  }
}

/** A refused field's message, "Invalid {field}: {why}"; `field` is dotted (metadata.objectPath, images.0), empty for the whole body. */
export function invalidField(field: string, why: Said): Said {
  return field ? { id: /*i18n*/ "Invalid {field}: {why}", values: { field, why } } : why;
}

/** The first refused field of a schema's validation, its reason in the answer's language. */
function validationMessage(
  error: { validation: { instancePath?: string; keyword?: string; message?: string; params?: object }[] },
  locale: Locale,
): Said {
  const first = error.validation[0];
  if (!first) return { id: /*i18n*/ "Invalid request" };
  const field = (first.instancePath ?? "").replace(/^\//, "").replace(/\//g, ".");
  return invalidField(field, zodReason(first, locale));
}

// Fastify's refusals of a malformed request, in the reader's language. Its own messages are
// English, and those for an address quote the whole path back, however long.
const FASTIFY_REFUSALS: Record<string, [number, Said]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, { id: /*i18n*/ "Malformed JSON body" }],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, { id: /*i18n*/ "The request has no body" }],
  FST_ERR_ROUTE_MISSING_CONTENT: [400, { id: /*i18n*/ "The request has no body" }],
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: [400, { id: /*i18n*/ "The request does not say what its body holds" }],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, { id: /*i18n*/ "The request body is not as long as it says" }],
  FST_ERR_BAD_URL: [400, { id: /*i18n*/ "The address is not valid" }],
  FST_ERR_MAX_PARAM_LENGTH: [414, { id: /*i18n*/ "The address is too long" }],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, { id: /*i18n*/ "Request body is too large" }],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, { id: /*i18n*/ "Unsupported content type" }],
};

/** The status and safe message an error is answered with, in `locale`; stack traces never leave the server. */
export function errorResponse(
  error: FastifyError,
  request: FastifyRequest,
  locale: Locale = requestLanguage(request),
): { status: number; message: string } {
  let status = 500;
  let message: Said = { id: /*i18n*/ "Internal Server Error" };
  if (error instanceof HttpError) {
    status = error.statusCode;
    message = error.said;
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    status = 400;
    message = validationMessage(error, locale);
  } else if (error instanceof SyntaxError || (error.code && Object.hasOwn(FASTIFY_REFUSALS, error.code))) {
    [status, message] = FASTIFY_REFUSALS[error instanceof SyntaxError ? "FST_ERR_CTP_INVALID_JSON_BODY" : error.code]!;
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Any other refusal a plugin makes before our code runs: its own words are English and may
    // quote the request back, so the reader gets ours.
    status = error.statusCode;
    message = { id: /*i18n*/ "The request could not be understood" };
  }
  if (status >= 500) request.log.error({ err: error }, "request failed");
  return { status, message: said(serverTranslator(locale), message) };
}

/** An error as the log keeps it (the shape Fastify's `err` serialiser answers). */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

// What may still be inside a message: an address ("550 <ada@example.com>: Recipient rejected"),
// or a token or hash (a run of 32 or more URL-safe characters).
const ADDRESS = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g;
const TOKEN = /[A-Za-z0-9_+/$.=-]{32,}/g;
const scrub = (text: string) => text.replace(ADDRESS, "[address]").replace(TOKEN, "[token]");

/**
 * An error as the log keeps it: what failed and where, never the values it carried. A failed
 * query's message lists its parameters (e-mail addresses, token hashes) after "params:", its
 * stack repeats the message, PostgreSQL's `detail` quotes the row ("Key (email)=(…)"), and an
 * SMTP server's answer names the recipient: only the first line of the message stays, with any
 * address or token in it replaced. The app's logger serialises every `err` with this.
 */
export function loggableError(error: unknown): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: scrub(String(error).split("\n")[0]!), stack: "" };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    ...(code === undefined ? {} : { code }),
    message: scrub(error.message.split("\nparams:")[0]!),
    stack: (error.stack ?? "")
      .split("\n")
      .filter((line) => line.trimStart().startsWith("at "))
      .join("\n"),
    ...(error.cause === undefined ? {} : { cause: loggableError(error.cause) }),
  };
}

/**
 * Every non-2xx answer is a short plain-text message (docs/spec.md §7 turns it into
 * "{status}: {text}"). Stack traces, SQL and library internals never leave the server.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

/**
 * Answer an error as every error is answered. Also Fastify's `frameworkErrors` option: the router
 * refuses a malformed or over-long path before any handler exists, and would answer in its own
 * JSON otherwise.
 */
export function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const locale = requestLanguage(request);
  const { status, message } = errorResponse(error, request, locale);
  if (error instanceof HttpError) reply.headers(error.headers);
  reply
    .status(status)
    .header("content-language", locale)
    .header("vary", "Accept-Language")
    .type("text/plain; charset=utf-8")
    .send(message);
}
