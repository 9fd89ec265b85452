import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ImagesApiRequest {
  authorization?: string;
  body: { model?: string; prompt?: string; n?: number; size?: string; response_format?: string };
}

export type ImagesApiBehaviour = "b64" | "url" | "error" | "bad-key" | "slow" | "junk";

/** What the "bad-key" answer says, as OpenAI words it: part of the key the server was given. */
export const BAD_KEY_MESSAGE =
  "Incorrect API key provided: sk-test****test. You can find your API key at https://platform.openai.com/account/api-keys.";

/**
 * A local HTTP server speaking the OpenAI-style images API (POST /v1/images/generations), answering
 * with a real PNG of `width` × `height`, a URL to one, an error (a refusal, a wrong key), nothing
 * (slow) or non-image bytes.
 */
export async function startImagesApi(png: Buffer) {
  const requests: ImagesApiRequest[] = [];
  let behaviour: ImagesApiBehaviour = "b64";
  const server = http.createServer((req, res) => {
    if (req.method === "GET" && req.url === "/files/generated.png") {
      res.writeHead(200, { "content-type": "image/png" }).end(png);
      return;
    }
    if (req.method !== "POST" || req.url !== "/v1/images/generations") {
      res.writeHead(404).end();
      return;
    }
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      requests.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      if (behaviour === "slow") return; // never answers: the caller's time-out decides
      if (behaviour === "error")
        return json(400, { error: { message: "Your request was rejected by the safety system." } });
      if (behaviour === "bad-key")
        return json(401, {
          error: { message: BAD_KEY_MESSAGE, type: "invalid_request_error", code: "invalid_api_key" },
        });
      if (behaviour === "junk")
        return json(200, { data: [{ b64_json: Buffer.from("not an image").toString("base64") }] });
      if (behaviour === "url") return json(200, { data: [{ url: `${url}/files/generated.png` }] });
      return json(200, { created: 1, data: [{ b64_json: png.toString("base64") }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The base URL to give as IMAGE_API_URL. */
    baseUrl: `${url}/v1`,
    requests,
    responseWith(next: ImagesApiBehaviour) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
