import { startImagesApi } from "./images-api";
import { illustrationPng } from "./images";
import { createTestApp, type TestApp } from "./test-app";

/**
 * The whole app with every optional service a route needs stood in for locally (the AI image
 * API, a remote source's keys), so the tests that cover every route see each route's real answers: "not configured" is
 * a 503 by design and would hide what a route does with a request.
 */
export async function createRouteTestApp(): Promise<TestApp> {
  const imagesApi = await startImagesApi(await illustrationPng(256, 192));
  const t = await createTestApp({
    IMAGE_API_URL: imagesApi.baseUrl,
    IMAGE_API_KEY: "sk-test",
    IMAGE_MODEL: "test-model",
    IMAGE_TIMEOUT_MS: "5000",
    // Pro given per person (decision 031), so the matrix has Pro members beside members without it.
    PRO: "granted",
    // A remote source with keys, so Companion's own routes are reached. An OAuth one: without a
    // signed-in provider account it answers without going out to the network.
    COMPANION_DROPBOX_KEY: "dropbox-app-key",
    COMPANION_DROPBOX_SECRET: "dropbox-app-secret",
  });
  return {
    ...t,
    async close() {
      await t.close();
      await imagesApi.close();
    },
  };
}
