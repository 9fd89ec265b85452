import { afterResponseSettled } from "./after-response";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogue, injectOptions, missingRoutes, type Field, type Route } from "../test/route-catalogue";
import { rowCounts as countRows } from "../test/row-counts";
import { createTestApp, type TestApp } from "../test/test-app";
import { createSignedInUser, type TestUser } from "../test/users";

/**
 * Every text field of every route, refused with a 400 naming the field when it holds a NUL
 * (PostgreSQL cannot store one), and every name field when it holds a text-direction override or
 * an invisible space. Nothing may be stored by a refused request. The routes and their fields
 * are the shared catalogue's (test/route-catalogue.ts); a route added later without a row there
 * fails the coverage test at the bottom.
 */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  // PRO on: the admin sending every request has Pro too, so Pro members' routes read their text.
  t = await createTestApp({ PRO: "granted" });
  admin = await createSignedInUser(t, { isAdmin: true });
});
afterAll(() => t.close());

async function send(route: Route, field: Field, value: string) {
  const body = { ...route.body };
  const query = { ...route.query };
  const params = { ...route.params };
  if (field.isList) body[field.name] = [value];
  else if (field.in === "body" && field.name.includes(".")) {
    // A field of a nested object, e.g. metadata.objectPath.
    const [outer, inner] = field.name.split(".") as [string, string];
    body[outer] = { ...(body[outer] as object), [inner]: value };
  } else (field.in === "body" ? body : field.in === "query" ? query : params)[field.name] = value;
  return t.app.inject(
    injectOptions(route, { body: route.body ? body : undefined, query, params, cookies: admin.cookies }),
  );
}

// Mail work an earlier accepted request left (a reset link's token) lands first.
const rowCounts = async () => {
  await afterResponseSettled(t.app);
  return countRows(t.database);
};

const textCases = catalogue.flatMap((route) =>
  route.fields.map((field) => ({ route, field, label: `${route.method} ${route.path} ${field.in} ${field.name}` })),
);
const nameCases = textCases
  .filter(({ field }) => field.isName)
  .flatMap((c) => [
    { ...c, character: "\u202E", what: "a right-to-left override" },
    { ...c, character: "\u2066", what: "a direction isolate" },
    { ...c, character: "\u200B", what: "a zero-width space" },
    { ...c, character: "\uFEFF", what: "a byte-order mark" },
    { ...c, character: "\n", what: "a line break" },
  ]);

describe("text in every route", () => {
  it.each(textCases)("refuses a NUL in $label with a 400 naming it, storing nothing", async ({ route, field }) => {
    const before = await rowCounts();
    const res = await send(route, field, "Ember\u0000");
    expect(res.statusCode).toBe(400);
    // The object path never reaches a schema: its escaped NUL is refused as an invalid path.
    // Companion's routes answer errors as JSON {message}, the format Uppy's Companion client reads.
    const message = route.path.startsWith("/api/companion/")
      ? (JSON.parse(res.body) as { message: string }).message
      : res.body;
    if (field.name === "*") expect(message).toBe("Invalid object path");
    else
      expect(message).toBe(
        `Invalid ${field.isList ? `${field.name}.0` : field.name}: must not contain a NUL character`,
      );
    expect(await rowCounts()).toEqual(before);
  });

  it.each(nameCases)("refuses $what in the name field $label", async ({ route, field, character }) => {
    const before = await rowCounts();
    const res = await send(route, field, `Em${character}ber`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(
      `Invalid ${field.isList ? `${field.name}.0` : field.name}: must not contain invisible or text-direction characters`,
    );
    expect(await rowCounts()).toEqual(before);
  });

  it("keeps the joiners that Persian and Indic names and emoji need", async () => {
    const route = catalogue.find((r) => r.path === "/api/auth/register")!;
    const res = await send(route, { in: "body", name: "firstName" }, "Mehr\u200Cnaz");
    expect(res.statusCode).toBe(201);
    const family = await send(
      { ...route, body: { ...route.body, email: "family@example.com" } },
      { in: "body", name: "lastName" },
      "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}",
    );
    expect(family.statusCode).toBe(201);
  });

  it("has a row for every route the app registers", () => {
    expect(t.app.registeredRoutes.length).toBeGreaterThan(20);
    expect(missingRoutes(t.app.registeredRoutes, catalogue)).toEqual([]);
  });
});
