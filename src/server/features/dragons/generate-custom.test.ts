import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createSignedInUser, type TestUser } from "../../test/users";
import { illustrationPng } from "../../test/images";
import { BAD_KEY_MESSAGE, startImagesApi } from "../../test/images-api";
import { testClient, type TestClient } from "../../test/api-client";

let imagesApi: Awaited<ReturnType<typeof startImagesApi>>;
let t: TestApp;
let api: TestClient;
/** What the server logs (at warn and above). */
const logLines: string[] = [];
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  imagesApi = await startImagesApi(await illustrationPng(256, 192));
  t = await createTestApp(
    {
      IMAGE_API_URL: imagesApi.baseUrl,
      IMAGE_API_KEY: "sk-test",
      IMAGE_MODEL: "test-model",
      IMAGE_TIMEOUT_MS: "1500",
      LOG_LEVEL: "warn",
    },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
  api = testClient(t.app);
  admin = await createSignedInUser(t, { isAdmin: true });
  user = await createSignedInUser(t);
});
beforeEach(() => imagesApi.responseWith("b64"));
afterAll(async () => {
  await t.close();
  await imagesApi.close();
});

// Some cases send a prompt the contract refuses, on purpose.
const generate = (as: TestUser | null, prompt: unknown) =>
  api.call("POST /api/dragons/generate-custom", { cookies: as?.cookies, payload: { prompt } });

describe("POST /api/dragons/generate-custom", () => {
  it("asks the images API and stores the picture 4× larger, private to the admin", async () => {
    const res = await generate(admin, "A friendly red dragon reading a book");
    expect(res.statusCode).toBe(200);
    const { objectPath, filename } = res.json();
    expect(objectPath).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    expect(filename).toBe("ai-a-friendly-red-dragon-reading-a-book.png");
    expect(imagesApi.requests.at(-1)).toMatchObject({
      authorization: "Bearer sk-test",
      body: {
        model: "test-model",
        prompt: "A friendly red dragon reading a book",
        n: 1,
        size: "1024x1024",
        response_format: "b64_json",
      },
    });

    expect((await t.app.inject({ method: "GET", url: objectPath })).statusCode).toBe(404);
    const stored = await t.app.inject({ method: "GET", url: objectPath, cookies: admin.cookies });
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({ format: "png", width: 1024, height: 768 });

    // The admin then saves it as a dragon like any upload.
    const created = await api.call("POST /api/dragons", {
      cookies: admin.cookies,
      body: { name: "Reading Dragon", imageUrl: objectPath, filename },
    });
    expect(created.statusCode).toBe(201);
    const dragon = (await api.call("GET /api/dragons/:id", { params: { id: created.json().id } })).json();
    expect(dragon).toMatchObject({ name: "Reading Dragon", width: 1024, height: 768 });
  });

  it("also takes an image the API answers with as a URL", async () => {
    imagesApi.responseWith("url");
    const res = await generate(admin, "A dragon in the clouds");
    expect(res.statusCode).toBe(200);
    const stored = await t.app.inject({ method: "GET", url: res.json().objectPath, cookies: admin.cookies });
    expect((await sharp(stored.rawPayload).metadata()).width).toBe(1024);
  });

  it("answers a plain message for the provider's error and logs the provider's words, refuses non-images, and times out", async () => {
    imagesApi.responseWith("error");
    const refused = await generate(admin, "something");
    expect(refused.statusCode).toBe(502);
    expect(refused.body).toBe("Image generation failed: the service answered 400");
    expect(logLines.join("")).toContain("Your request was rejected by the safety system.");

    // The provider's words can quote part of the key: they reach the log, never the person.
    imagesApi.responseWith("bad-key");
    const badKey = await generate(admin, "something");
    expect([badKey.statusCode, badKey.body]).toEqual([502, "Image generation failed: the service answered 401"]);
    expect(badKey.body).not.toContain("sk-test");
    expect(logLines.join("")).toContain(BAD_KEY_MESSAGE.slice(0, BAD_KEY_MESSAGE.indexOf(" You can")));

    imagesApi.responseWith("junk");
    const junk = await generate(admin, "something");
    expect(junk.statusCode).toBe(502);
    expect(junk.body).toMatch(/not an image/);

    imagesApi.responseWith("slow");
    const slow = await generate(admin, "something");
    expect(slow.statusCode).toBe(504);
    expect(slow.body).toBe("Image generation timed out after 2 seconds. Please try again.");
  });

  it("validates the prompt and is for admins only", async () => {
    expect((await generate(null, "a dragon")).statusCode).toBe(401);
    expect((await generate(user, "a dragon")).statusCode).toBe(403);
    const blank = await generate(admin, "   ");
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain("Please enter a description for your image");
    expect((await generate(admin, "x".repeat(1001))).statusCode).toBe(400);
  });
});

describe("without an images API", () => {
  it("answers 503 'Image generation is not configured'", async () => {
    const plain = await createTestApp();
    try {
      const boss = await createSignedInUser(plain, { isAdmin: true });
      const res = await testClient(plain.app).call("POST /api/dragons/generate-custom", {
        cookies: boss.cookies,
        body: { prompt: "a dragon" },
      });
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe("Image generation is not configured");
    } finally {
      await plain.close();
    }
  });
});
