import { afterResponseSettled } from "./after-response";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectReadableError } from "../test/readable-error";
import {
  catalogue,
  injectOptions,
  missingRoutes,
  routeKey,
  type RequestParts,
  type Route,
} from "../test/route-catalogue";
import { createRouteTestApp } from "../test/route-test-app";
import { rowCounts, tablesContaining } from "../test/row-counts";
import type { TestApp } from "../test/test-app";
import { createSignedInUser, type TestUser } from "../test/users";

/**
 * Hostile input against every body, query and path parameter of every route in the shared
 * catalogue (test/route-catalogue.ts), as an admin so that no guard stands in for validation:
 * malformed JSON, wrong types, missing and unknown fields, prototype keys, 1 MB strings, NUL and
 * deceptive characters, impossible numbers, 10,000 levels of nesting and path traversal.
 *
 * What each case must get:
 * - named: a 400 whose message names the parameter ("Invalid images.0: …"), so validation, not
 *   some later check, refused it; and nothing stored.
 * - refused: a 4xx with a readable message, and nothing stored.
 * - harmless: the request may be valid (an optional field left out, an unknown field, a
 *   right-to-left mark in a password): never a 5xx; if refused, readable and nothing stored; if
 *   accepted, nothing of an unknown field is stored (the schemas drop unknown keys).
 * Object.prototype must come out of every case untouched.
 */

type Expectation = "named" | "refused" | "harmless";

/** A value sent as this JSON text: what JSON.stringify cannot spell (Infinity, NaN, deep nesting). */
class Raw {
  constructor(readonly json: string) {}
}

const LEAVE_OUT = Symbol("leave out");

/** JSON text of `value`, with Raw values written as their text. */
function serialize(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) =>
    v instanceof Raw ? `\u0001raw${raws.push(v.json) - 1}\u0001` : v,
  );
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_, index: string) => raws[Number(index)]!);
}

const MEGABYTE_STRING = "a".repeat(1_000_000);
const DEEP_ARRAYS = "[".repeat(10_000) + "]".repeat(10_000);
const DEEP_OBJECTS_WITH_PROTO = '{"a":'.repeat(10_000) + '{"__proto__":{"polluted":"yes"}}' + "}".repeat(10_000);
const TRAVERSALS = [
  "/objects/../../etc/passwd",
  "/objects/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "/objects/..\\..\\etc\\passwd",
  "/objects/uploads/../../../etc/passwd",
];
const RTL = "Em\u202Eber";
const ZERO_WIDTH = "Em\u200Bber";

type Kind = "text" | "number" | "boolean" | "list" | "object";
const kindOf = (value: unknown): Kind =>
  Array.isArray(value)
    ? "list"
    : typeof value === "number"
      ? "number"
      : typeof value === "boolean"
        ? "boolean"
        : typeof value === "object" && value !== null
          ? "object"
          : "text";

interface Param {
  in: "body" | "query" | "params";
  path: string[];
  /** Dotted, as the app's messages name it: metadata.objectPath. */
  name: string;
  kind: Kind;
  isName: boolean;
  optional: boolean;
  /** Holds object paths (/objects/…): path traversal is tried in it. */
  holdsObjectPaths: boolean;
}

/** Every parameter of a route's valid request, nested ones included, and text fields it leaves out. */
function paramsOf(route: Route): Param[] {
  const params: Param[] = [];
  const add = (where: Param["in"], path: string[], sample: unknown, leftOutOfSample = false) => {
    const name = path.join(".");
    const field = route.fields.find((f) => f.in === where && f.name === name);
    const first = Array.isArray(sample) ? sample[0] : sample;
    params.push({
      in: where,
      path,
      name,
      kind: kindOf(sample),
      isName: field?.isName ?? false,
      optional: leftOutOfSample || (route.optional ?? []).includes(`${where}.${name}`),
      holdsObjectPaths: typeof first === "string" && first.startsWith("/objects/"),
    });
  };
  const walk = (value: Record<string, unknown>, path: string[]) => {
    for (const [key, sample] of Object.entries(value)) {
      add("body", [...path, key], sample);
      if (kindOf(sample) === "object") walk(sample as Record<string, unknown>, [...path, key]);
    }
  };
  if (route.body) walk(route.body, []);
  for (const field of route.fields) {
    if (field.in === "body" && !params.some((p) => p.in === "body" && p.name === field.name))
      add("body", field.name.split("."), field.isList ? [] : "", true);
  }
  for (const [key, sample] of Object.entries(route.query ?? {})) add("query", [key], sample);
  for (const [key, sample] of Object.entries(route.params ?? {})) add("params", [key], sample);
  return params;
}

interface Mutation {
  what: string;
  value: unknown;
  expect: Expectation;
}

const nameOnly = (p: Param): Expectation => (p.isName ? "named" : "harmless");

function bodyMutations(p: Param): Mutation[] {
  const all: Mutation[] = [
    { what: "left out", value: LEAVE_OUT, expect: p.optional ? "harmless" : "named" },
    { what: "10,000 levels of arrays", value: new Raw(DEEP_ARRAYS), expect: "named" },
  ];
  if (p.kind === "text") {
    all.push(
      { what: "a number", value: 42, expect: "named" },
      { what: "an object", value: { a: 1 }, expect: "named" },
      { what: "a list", value: ["Ember"], expect: "named" },
      { what: "a 1 MB string", value: MEGABYTE_STRING, expect: "named" },
      { what: "a NUL", value: "Ember\u0000", expect: "named" },
      { what: "a right-to-left override", value: RTL, expect: nameOnly(p) },
      { what: "a zero-width space", value: ZERO_WIDTH, expect: nameOnly(p) },
    );
  }
  if (p.kind === "number") {
    all.push(
      { what: "a string", value: "1", expect: "named" },
      { what: "an object", value: {}, expect: "named" },
      { what: "Infinity", value: new Raw("1e999"), expect: "named" },
      { what: "-Infinity", value: new Raw("-1e999"), expect: "named" },
      // Not JSON at all: the body is malformed.
      { what: "NaN", value: new Raw("NaN"), expect: "refused" },
      // Some numbers may be negative (an image moved left); the request is refused all the same.
      { what: "a negative number", value: -1, expect: "refused" },
      { what: "a huge number", value: 1e308, expect: "refused" },
      { what: "a number past 2^53", value: new Raw("9007199254740993"), expect: "refused" },
    );
  }
  if (p.kind === "boolean") {
    all.push(
      { what: "a string", value: "true", expect: "named" },
      { what: "a number", value: 1, expect: "named" },
      { what: "null", value: null, expect: "named" },
    );
  }
  if (p.kind === "list") {
    all.push(
      { what: "an object", value: { 0: "x" }, expect: "named" },
      { what: "a string", value: "x", expect: "named" },
      { what: "a list of numbers", value: [42], expect: "named" },
      { what: "a list holding a 1 MB string", value: [MEGABYTE_STRING], expect: "named" },
      { what: "a list of 100,000 items", value: Array.from({ length: 100_000 }, () => "A1"), expect: "named" },
    );
  }
  if (p.kind === "object") {
    all.push(
      { what: "a list", value: [], expect: "named" },
      { what: "a string", value: "x", expect: "named" },
      { what: "a number", value: 42, expect: "named" },
    );
  }
  if (p.holdsObjectPaths) {
    for (const path of TRAVERSALS)
      all.push({ what: `the path ${path}`, value: p.kind === "list" ? [path] : path, expect: "named" });
  }
  return all;
}

function queryMutations(p: Param, sample: string): Mutation[] {
  const all: Mutation[] = [
    { what: "left out", value: LEAVE_OUT, expect: p.optional ? "harmless" : "named" },
    { what: "given twice (a list)", value: [sample, sample], expect: "named" },
    { what: "a 1 MB string", value: MEGABYTE_STRING, expect: "named" },
    { what: "a NUL", value: "Ember\u0000", expect: "named" },
    { what: "a right-to-left override", value: RTL, expect: nameOnly(p) },
    { what: "a zero-width space", value: ZERO_WIDTH, expect: nameOnly(p) },
  ];
  if (/^\d+$/.test(sample)) {
    for (const number of ["NaN", "Infinity", "-30", "1e308", "30.5", "0x1e"])
      all.push({ what: `the number ${number}`, value: number, expect: "named" });
  }
  return all;
}

function paramMutations(p: Param): Mutation[] {
  // The object path is checked by hand (it never reaches a schema): refused, not named.
  const checked: Expectation = p.name === "*" ? "refused" : "named";
  return [
    { what: "a NUL", value: "x\u0000", expect: checked },
    // Longer than the router takes: refused before any route is chosen.
    { what: "a 1 MB string", value: MEGABYTE_STRING, expect: "refused" },
    { what: "empty", value: "", expect: "refused" },
    { what: "../../etc/passwd", value: "../../etc/passwd", expect: "refused" },
    { what: "%2e%2e%2f typed out", value: "%2e%2e%2f%2e%2e%2fetc%2fpasswd", expect: "refused" },
    { what: "backslashes", value: "..\\..\\etc\\passwd", expect: "refused" },
    { what: "a right-to-left override", value: RTL, expect: "harmless" },
    { what: "a zero-width space", value: ZERO_WIDTH, expect: "harmless" },
  ];
}

interface Case {
  route: Route;
  label: string;
  parts: RequestParts;
  expect: Expectation;
  /** The parameter a "named" answer must name. */
  names?: string;
  /** Sent as an unknown field: must not be stored. */
  marker?: string;
}

const json = (payload: string): RequestParts["raw"] => ({ payload, contentType: "application/json" });

function setAt(target: Record<string, unknown>, path: string[], value: unknown) {
  const parent = path.slice(0, -1).reduce((object, key) => object[key] as Record<string, unknown>, target);
  if (value === LEAVE_OUT) delete parent[path.at(-1)!];
  else parent[path.at(-1)!] = value;
}

function parameterCases(route: Route): Case[] {
  return paramsOf(route).flatMap((p) => {
    const mutations =
      p.in === "body"
        ? bodyMutations(p)
        : p.in === "query"
          ? queryMutations(p, route.query![p.name]!)
          : paramMutations(p);
    return mutations.map((m): Case => {
      const label = `${routeKey(route)} ${p.in} ${p.name}: ${m.what}`;
      if (p.in === "body") {
        const body = structuredClone(route.body ?? {});
        setAt(body, p.path, m.value);
        return { route, label, parts: { raw: json(serialize(body)) }, expect: m.expect, names: p.name };
      }
      const values = { ...(p.in === "query" ? route.query : route.params) } as Record<string, unknown>;
      setAt(values, p.path, m.value);
      return {
        route,
        label,
        parts:
          p.in === "query"
            ? { query: values as Record<string, string | string[]> }
            : { params: values as Record<string, string> },
        expect: m.expect,
        names: p.name,
      };
    });
  });
}

let markerNumber = 0;
const marker = () => `zz-unknown-${++markerNumber}-zz`;

/** The whole request's hostile variants: the body as a whole, unknown and prototype keys, raw paths. */
function routeCases(route: Route): Case[] {
  const cases: Case[] = [];
  const add = (what: string, parts: RequestParts, expect: Expectation, extra: Partial<Case> = {}) =>
    cases.push({ route, label: `${routeKey(route)}: ${what}`, parts, expect, ...extra });
  const sample = JSON.stringify(route.body ?? {}).slice(1, -1);
  const withSample = (member: string) => `{${member}${sample ? `,${sample}` : ""}}`;

  const extraQuery = marker();
  add("an unknown query parameter", { query: { ...route.query, zzUnknown: extraQuery } }, "harmless", {
    marker: extraQuery,
  });
  add(
    "__proto__ and constructor as query keys",
    { query: { ...route.query, ["__proto__"]: "polluted", constructor: "polluted", "__proto__[polluted]": "yes" } },
    "harmless",
  );

  if (route.method !== "GET") {
    add("malformed JSON", { raw: json('{"email": "a@example.com", ') }, "refused");
    add("a body of 10,000 nested arrays", { raw: json(DEEP_ARRAYS) }, route.body ? "refused" : "harmless");
    add("__proto__ 10,000 levels down", { raw: json(DEEP_OBJECTS_WITH_PROTO) }, "refused");
    add("a __proto__ key", { raw: json(withSample('"__proto__":{"polluted":"yes"}')) }, "refused");
    add(
      "a constructor.prototype key",
      { raw: json(withSample('"constructor":{"prototype":{"polluted":"yes"}}')) },
      "refused",
    );
    add(
      "a body over 1 MB",
      { raw: json(JSON.stringify({ ...route.body, padding: "a".repeat(1024 * 1024) })) },
      "refused",
    );
    const extraBody = marker();
    add("an unknown field", { raw: json(withSample(`"zzUnknown":"${extraBody}"`)) }, "harmless", { marker: extraBody });
    add("a plain constructor key", { raw: json(withSample('"constructor":"x"')) }, "harmless");
  }
  if (route.body) {
    add("a list for the body", { raw: json("[]") }, "refused");
    add("a string for the body", { raw: json('"Ember"') }, "refused");
    add("a number for the body", { raw: json("42") }, "refused");
    // The upload route reads a null body as no body (its dragon and post variant).
    add("null for the body", { raw: json("null") }, "harmless");
    add(
      "the body as text/plain",
      { raw: { payload: JSON.stringify(route.body), contentType: "text/plain" } },
      "refused",
    );
    add(
      "the body as a form",
      { raw: { payload: "email=a%40example.com", contentType: "application/x-www-form-urlencoded" } },
      "refused",
    );
  }
  if (route.path === "/objects/*") {
    for (const url of [
      "/objects/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "/objects/..%5c..%5cetc%5cpasswd",
      "/objects/uploads%2f..%2f..%2fetc%2fpasswd",
      "/objects/uploads/%00",
      "/objects/%E0%A4%A",
    ]) {
      add(`the raw path ${url}`, { url }, "refused");
    }
  }
  // A malformed escape in a path parameter: the router refuses it, in the app's words.
  if (route.params && route.path.includes(":")) {
    add("a malformed %-escape in the path", { url: route.path.replace(/:\w+/g, "%E0%A4%A") }, "refused");
  }
  return cases;
}

const cases = catalogue.flatMap((route) => [...parameterCases(route), ...routeCases(route)]);

let t: TestApp;
let sharedAdmin: TestUser;

beforeAll(async () => {
  t = await createRouteTestApp();
  sharedAdmin = await createSignedInUser(t, { isAdmin: true });
});
afterAll(() => t.close());

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function expectOutcome(c: Case, res: LightMyRequestResponse, before: Record<string, number>) {
  expect(res.statusCode, `${c.label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (c.expect === "harmless" && res.statusCode < 400) {
    if (c.marker)
      expect(await tablesContaining(t.database, c.marker), `${c.label}: the unknown field was stored`).toEqual([]);
    return;
  }
  // Companion's routes answer errors as JSON {message}, the format Uppy's Companion client reads.
  const message = expectReadableError(res, c.label, {
    json: c.route.path.startsWith("/api/companion/"),
    page: !(c.parts.url ?? c.route.path).startsWith("/api/"),
  });
  if (c.expect === "named") {
    expect(res.statusCode, c.label).toBe(400);
    expect(message, c.label).toMatch(new RegExp(`^Invalid ${escapeRegExp(c.names!)}[.:]`));
  }
  expect(await rowCounts(t.database), `${c.label}: a refused request stored something`).toEqual(before);
}

// Requests here may end the caller's session or change their account (a valid request with an
// unknown field is a valid request): these get an admin of their own each time.
const changesTheCaller = (route: Route) => route.path.startsWith("/api/account") || route.path === "/api/auth/logout";

describe("hostile input to every route", () => {
  for (const c of cases) {
    it(c.label, async () => {
      const admin = changesTheCaller(c.route) ? await createSignedInUser(t, { isAdmin: true }) : sharedAdmin;
      // Mail work an earlier accepted request left (a reset link's token) lands first.
      await afterResponseSettled(t.app);
      const before = await rowCounts(t.database);
      const res = await t.app.inject(injectOptions(c.route, { ...c.parts, cookies: admin.cookies }));
      await expectOutcome(c, res, before);
      expect(Object.keys(Object.prototype), c.label).toEqual([]);
      expect(({} as Record<string, unknown>).polluted, c.label).toBeUndefined();
    });
  }

  it("has cases for every route the app registers", () => {
    expect(t.app.registeredRoutes.length).toBeGreaterThan(20);
    expect(missingRoutes(t.app.registeredRoutes, catalogue)).toEqual([]);
    const tested = new Set(cases.map((c) => routeKey(c.route)));
    expect(t.app.registeredRoutes.filter((route) => !tested.has(route))).toEqual([]);
  });
});
