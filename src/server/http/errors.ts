import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/** An error whose message is safe to show: answered as `status` with the message as plain text. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** Headers the answer carries (Retry-After with a 429). */
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

// zod's words for a field left out ("Invalid input: expected string, received undefined") are a
// programmer's; people read that the field is missing.
const MISSING = /received undefined$/;

/** A refused field's message, "Invalid {field}: {why}"; `field` is dotted (metadata.objectPath, images.0), empty for the whole body. */
export function invalidFieldMessage(field: string, why: string | undefined): string {
  const reason = why && MISSING.test(why) ? "this field is required" : why;
  return field ? `Invalid ${field}: ${reason}` : (reason ?? "Invalid request");
}

function validationMessage(error: { validation: { instancePath?: string; message?: string }[] }): string {
  const first = error.validation[0];
  if (!first) return "Invalid request";
  return invalidFieldMessage((first.instancePath ?? "").replace(/^\//, "").replace(/\//g, "."), first.message);
}

/** The status and safe message an error is answered with; stack traces never leave the server. */
export function errorResponse(error: FastifyError, request: FastifyRequest): { status: number; message: string } {
  let status = 500;
  let message = "Internal Server Error";
  if (error instanceof HttpError) {
    status = error.statusCode;
    message = error.message;
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    status = 400;
    message = validationMessage(error);
  } else if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError) {
    status = 400;
    message = "Malformed JSON body";
  } else if (error.code === "FST_ERR_BAD_URL") {
    // Fastify's own messages for these two quote the whole path back, however long.
    status = 400;
    message = "The address is not valid";
  } else if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    status = 414;
    message = "The address is too long";
  } else if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    status = 413;
    message = "Request body is too large";
  } else if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
    status = 415;
    message = "Unsupported content type";
  } else if (error.statusCode === 429) {
    status = 429;
    message = error.message;
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Fastify's own 4xx errors carry safe messages (bad headers, empty body...).
    status = error.statusCode;
    message = error.message;
  }
  if (status >= 500) request.log.error({ err: error }, "request failed");
  return { status, message };
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
  const { status, message } = errorResponse(error, request);
  if (error instanceof HttpError) reply.headers(error.headers);
  reply.status(status).type("text/plain; charset=utf-8").send(message);
}
