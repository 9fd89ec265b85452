import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

// What must never reach a client in an error answer: stack frames, file paths, SQL, the generic
// 500 text, and the marks of a value printed without thought.
const INTERNALS = [
  /\bat .+:\d+:\d+/,
  /node_modules|\/src\/server\//,
  /\b(select|insert into|update \w+ set|delete from)\b.+\b(from|where|values)\b/i,
  /Internal Server Error/,
  /\[object Object\]|\bundefined\b|\bNaN\b/,
];

/**
 * The message of an error answer: the plain text the app answers with, or the `message` of the
 * JSON that Companion's routes answer with (the format Uppy's client reads).
 */
export function errorMessage(res: LightMyRequestResponse): string {
  const type = String(res.headers["content-type"] ?? "");
  if (type.startsWith("application/json")) {
    const message = (JSON.parse(res.body) as { message?: unknown }).message;
    return typeof message === "string" ? message : "";
  }
  return res.body;
}

/**
 * Fails unless `res` is a 4xx with a short message a person can read: a sentence, not internals,
 * as plain text (the app's error shape), or where allowed as Companion's JSON (`json`) or the
 * not-found page (`page`, for paths outside /api).
 */
export function expectReadableError(
  res: LightMyRequestResponse,
  label = "",
  options: { json?: boolean; page?: boolean } = {},
): string {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const type = String(res.headers["content-type"] ?? "");
  // Outside /api, a path the app does not have is its not-found page (HTML, the spec's text).
  if (options.page && type.startsWith("text/html")) {
    expect(res.statusCode, label).toBe(404);
    expect(res.body, label).toContain("404 Page Not Found");
    return "404 Page Not Found";
  }
  expect(type, label).toMatch(options.json ? /^(text\/plain|application\/json)/ : /^text\/plain/);
  const message = errorMessage(res);
  expect(message, `${label}: an empty error answer`).not.toBe("");
  expect(message.length, `${label}: ${message.slice(0, 300)}`).toBeLessThan(400);
  expect(message, label).toMatch(/^[\p{L}\p{N}"'(]/u);
  for (const pattern of INTERNALS) expect(message, label).not.toMatch(pattern);
  return message;
}
