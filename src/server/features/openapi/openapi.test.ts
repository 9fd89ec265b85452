import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import { CONTRACT } from "../../../shared/contract";
import { splitKey, type Endpoint, type EndpointKey } from "../../../shared/contract/endpoint";
import { createTestApp, type TestApp } from "../../test/test-app";
import { openApiPaths } from "./document";

type Schema = { type?: string; enum?: unknown[]; properties?: Record<string, Schema> };
type Operation = {
  responses: Record<
    string,
    { content?: Record<string, { schema?: Schema; examples?: Record<string, { value: string }> }> }
  >;
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let document: Document;

beforeAll(async () => {
  t = await createTestApp();
  // Raw: the contract declares the document as any JSON; this test reads it as OpenAPI's own type.
  const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  document = res.json();
});

afterAll(() => t.close());

/** The operations of a route: one, or one per address of a wildcard. */
const operationsOf = (key: string) => {
  const endpoint = (CONTRACT as Record<string, Endpoint>)[key];
  if (!endpoint) return [];
  const method = splitKey(key as EndpointKey).method.toLowerCase();
  return openApiPaths(key as EndpointKey, endpoint).map(([path]) => document.paths[path]?.[method]);
};
const operationOf = (key: string) => operationsOf(key)[0];

describe("the contract", () => {
  it("declares every route the server registers, and the server registers every declared one", () => {
    const registered = new Set(t.app.registeredRoutes);
    const declared = new Set(Object.keys(CONTRACT));
    expect(
      [...registered].filter((key) => !declared.has(key)),
      "registered but not declared",
    ).toEqual([]);
    expect(
      [...declared].filter((key) => !registered.has(key)),
      "declared but not registered",
    ).toEqual([]);
  });
});

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("holds only schemas a JSON Schema 2020-12 validator compiles", () => {
    // Formats are not what this checks (each would print "unknown format … ignored" a hundred times).
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const schemas: unknown[] = [];
    for (const methods of Object.values(document.paths)) {
      for (const operation of Object.values(methods)) {
        for (const parameter of operation.parameters ?? []) schemas.push(parameter.schema);
        for (const content of Object.values(operation.requestBody?.content ?? {})) schemas.push(content.schema);
        for (const answer of Object.values(operation.responses))
          for (const content of Object.values(answer.content ?? {})) schemas.push(content.schema);
      }
    }
    expect(schemas.length).toBeGreaterThan(50);
    for (const schema of schemas) expect(() => ajv.compile(schema as object)).not.toThrow();
  });

  it("describes every route the server registers", () => {
    const missing = t.app.registeredRoutes.filter(
      (key) => !operationsOf(key).length || operationsOf(key).some((operation) => !operation),
    );
    expect(missing).toEqual([]);
  });

  it("lists the statuses that follow from access, inputs and limits, with the messages people read", () => {
    const login = operationOf("POST /api/auth/login")!;
    expect(Object.keys(login.responses).sort()).toEqual(["200", "400", "401", "403", "415", "429"]);
    expect(
      Object.values(login.responses["401"]!.content!["text/plain"]!.examples!).map((example) => example.value),
    ).toContain("Invalid email or password");
    const verify = operationOf("GET /api/auth/verify-email")!;
    expect(
      Object.values(verify.responses["400"]!.content!["text/plain"]!.examples!).map((example) => example.value),
    ).toContain("No verification token provided");
    expect(Object.keys(operationOf("GET /api/auth/user")!.responses)).toContain("401");
  });

  it("lists 415 on every operation that takes a JSON body (Companion's read any body)", () => {
    const withBody = Object.entries(CONTRACT).filter(
      ([, endpoint]) => ("body" in endpoint || "optionalBody" in endpoint) && !("companionScope" in endpoint),
    );
    expect(withBody.length).toBeGreaterThan(30);
    expect(withBody.filter(([key]) => !operationOf(key)!.responses["415"]).map(([key]) => key)).toEqual([]);
  });

  it("describes a wildcard route by its addresses, each parameter one segment, as validators match them", () => {
    const wildcards = Object.keys(CONTRACT).filter((key) => key.endsWith("*"));
    expect(wildcards.length).toBeGreaterThan(0);
    for (const key of wildcards) expect(operationsOf(key).length, key).toBeGreaterThan(0);
    expect(Object.keys(document.paths).filter((path) => /\{path\}|\*/.test(path))).toEqual([]);
  });

  it("writes the inputs the server checks against a list as enums", () => {
    const parameter = (key: string, name: string) => operationOf(key)!.parameters!.find((p) => p.name === name)!.schema;
    expect(parameter("GET /api/admin/moderation/queue", "tab").enum).toEqual(["pending", "reported"]);
    expect(parameter("GET /api/admin/analytics", "days").enum).toEqual(["7", "30", "90"]);
    expect(parameter("GET /api/auth/google", "confirm").enum).toEqual(["1"]);
    const setAcl = operationOf("POST /api/objects/set-acl")!.requestBody!.content["application/json"]!.schema;
    expect(setAcl.properties!.visibility!.enum).toEqual(["public", "private"]);
  });

  it("describes the data export as the JSON object it is", () => {
    const schema = operationOf("GET /api/account/export")!.responses["200"]!.content!["application/json"]!.schema!;
    expect(schema.type).toBe("object");
    expect(Object.keys(schema.properties!)).toEqual(
      expect.arrayContaining(["exportedAt", "account", "posts", "uploads"]),
    );
  });
});
