import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { text } from "../../shared/text";
import { responseSerializer, responseWrittenOnce, serialisationSchema } from "./contract-schemas";

const person = z.object({
  id: text(),
  name: text().nullable(),
  joined: text(),
  tags: z.array(text()),
  picture: z.object({ url: text() }).nullable(),
});

const serialise = (checkResponses: boolean) =>
  responseSerializer({ checkResponses })({ schema: person, method: "GET", url: "/api/people/:id", httpStatus: "200" });

describe("answers written from their declaration", () => {
  const row = {
    id: "p1",
    name: null,
    joined: "2026-11-25T10:00:00.000Z",
    tags: ["dragons"],
    picture: { url: "/objects/a", key: "secret-key" },
    email: "ada@example.com",
    passwordHash: "scrypt$...",
  };

  it("carries exactly the declared fields, however many the handler's object has", () => {
    const answer = JSON.parse(serialise(false)(row));
    expect(answer).toEqual({
      id: "p1",
      name: null,
      joined: "2026-11-25T10:00:00.000Z",
      tags: ["dragons"],
      picture: { url: "/objects/a" },
    });
  });

  it("writes the same JSON as JSON.stringify of the declared fields", () => {
    const declared = {
      id: "p2",
      name: 'Ada "the" <b>Bold</b> \u2028',
      joined: "2026-01-01T00:00:00.000Z",
      tags: [],
      picture: null,
    };
    expect(serialise(false)(declared)).toBe(JSON.stringify(declared));
  });

  it("with checking on (the tests), refuses an answer that does not match instead of trimming it", () => {
    expect(() => serialise(true)({ ...row, tags: "dragons" })).toThrow(
      /GET \/api\/people\/:id answered 200 with something its declaration does not allow/,
    );
    expect(() => serialise(true)({ id: "p1", joined: "x", tags: [], picture: null })).toThrow(
      /declaration does not allow/,
    );
    expect(JSON.parse(serialise(true)(row))).not.toHaveProperty("email");
  });

  it("writes a nullable field as one JSON Schema type list, which fast-json-stringify writes without a validator", () => {
    const schema = serialisationSchema(person) as { properties: Record<string, { type?: unknown }> };
    expect(schema.properties.name!.type).toEqual(["string", "null"]);
    expect(schema.properties.picture!.type).toEqual(["object", "null"]);
  });
});

describe("an answer written once per value", () => {
  const dragon = {
    id: "d1",
    name: "Ember",
    previewUrl: "/objects/p",
    previewSmallUrl: null,
    hiresUrl: "/objects/h",
    pencilPreviewUrl: null,
    pencilHiresUrl: null,
    outlinePreviewUrl: null,
    outlineHiresUrl: null,
    width: 800,
    height: 600,
    createdAt: "2026-11-25T10:00:00.000Z",
    isPrivate: false,
    level: 2,
    levelChosen: false,
    attribution: null,
  };

  it("writes the declared fields, and the same list again without writing it", () => {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializer({ checkResponses: false }));
    const write = responseWrittenOnce(app, "GET /api/dragons");
    const list = [{ ...dragon, storageKey: "library/d1" }];
    const first = write(list);
    expect(JSON.parse(first)).toEqual([dragon]);
    list[0]!.name = "changed in place";
    expect(write(list)).toBe(first);
    expect(JSON.parse(write([...list]))[0].name).toBe("changed in place");
  });

  it("is written by the app's serialiser, so the tests' checking covers it", () => {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializer({ checkResponses: true }));
    const write = responseWrittenOnce(app, "GET /api/dragons");
    expect(() => write([{ ...dragon, width: "wide" }] as never)).toThrow(
      /GET \/api\/dragons answered 200 with something its declaration does not allow/,
    );
  });
});
