import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import { CONTRACT } from "../../../shared/contract";
import { splitKey, type EndpointKey } from "../../../shared/contract/endpoint";
import { createTestApp, type TestApp } from "../../test/test-app";
import { openApiPath } from "./document";

type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown; examples?: Record<string, { value: string }> }> }>; parameters?: { schema: unknown }[]; requestBody?: { content: Record<string, { schema: unknown }> } };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let document: Document;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  document = res.json();
});

afterAll(() => t.close());

const operationOf = (key: string) => {
  const { method, path } = splitKey(key as EndpointKey);
  return document.paths[openApiPath(path)]?.[method.toLowerCase()];
};

describe("the contract", () => {
  it("declares every route the server registers, and the server registers every declared one", () => {
    const registered = new Set(t.app.registeredRoutes);
    const declared = new Set(Object.keys(CONTRACT));
    expect([...registered].filter((key) => !declared.has(key)), "registered but not declared").toEqual([]);
    expect([...declared].filter((key) => !registered.has(key)), "declared but not registered").toEqual([]);
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
    const ajv = new Ajv2020({ strict: false });
    const schemas: unknown[] = [];
    for (const methods of Object.values(document.paths)) {
      for (const operation of Object.values(methods)) {
        for (const parameter of operation.parameters ?? []) schemas.push(parameter.schema);
        for (const content of Object.values(operation.requestBody?.content ?? {})) schemas.push(content.schema);
        for (const answer of Object.values(operation.responses)) for (const content of Object.values(answer.content ?? {})) schemas.push(content.schema);
      }
    }
    expect(schemas.length).toBeGreaterThan(50);
    for (const schema of schemas) expect(() => ajv.compile(schema as object)).not.toThrow();
  });

  it("describes every route the server registers", () => {
    const missing = t.app.registeredRoutes.filter((key) => !operationOf(key));
    expect(missing).toEqual([]);
  });

  it("lists the statuses that follow from access, inputs and limits, with the messages people read", () => {
    const login = operationOf("POST /api/auth/login")!;
    expect(Object.keys(login.responses).sort()).toEqual(["200", "400", "401", "403", "429"]);
    expect(Object.values(login.responses["401"]!.content!["text/plain"]!.examples!).map((example) => example.value)).toContain("Invalid email or password");
    const verify = operationOf("GET /api/auth/verify-email")!;
    expect(Object.values(verify.responses["400"]!.content!["text/plain"]!.examples!).map((example) => example.value)).toContain("No verification token provided");
    expect(Object.keys(operationOf("GET /api/auth/user")!.responses)).toContain("401");
  });
});
