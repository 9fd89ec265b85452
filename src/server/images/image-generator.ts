import type { Config } from "../config";
import { HttpError } from "../http/errors";

/** Makes a picture from a description. Behind an interface so providers can change. */
export interface ImageGenerator {
  generate(prompt: string): Promise<Buffer>;
}

interface ImagesApiResponse {
  data?: { b64_json?: string; url?: string }[];
  error?: { message?: string };
}

/**
 * A provider's refusal as the person who asked sees it: its status, no more. The provider's own
 * words can quote part of the key ("Incorrect API key provided: sk-…"), so they travel as the
 * error's cause, which the request's error log keeps (an answer of 500 or more is logged).
 */
function refusal(status: number, body: ImagesApiResponse): HttpError {
  const error = new HttpError(502, /*i18n*/ "Image generation failed: the service answered {status}", {
    values: { status },
  });
  error.cause = new Error(`the images API answered ${status}: ${body.error?.message ?? "without a message"}`);
  return error;
}

/**
 * The OpenAI-style images API (`POST {IMAGE_API_URL}/images/generations`), which OpenAI and many
 * self-hosted servers speak. Null when IMAGE_API_URL is not set.
 */
export function createImageGenerator(config: Config): ImageGenerator | null {
  if (!config.IMAGE_API_URL) return null;
  const endpoint = `${config.IMAGE_API_URL.replace(/\/+$/, "")}/images/generations`;
  const seconds = Math.round(config.IMAGE_TIMEOUT_MS / 1000);
  return {
    async generate(prompt) {
      const signal = AbortSignal.timeout(config.IMAGE_TIMEOUT_MS);
      try {
        const res = await fetch(endpoint, {
          method: "POST",
          signal,
          headers: {
            "content-type": "application/json",
            ...(config.IMAGE_API_KEY ? { authorization: `Bearer ${config.IMAGE_API_KEY}` } : {}),
          },
          body: JSON.stringify({
            model: config.IMAGE_MODEL,
            prompt,
            n: 1,
            size: config.IMAGE_SIZE,
            response_format: "b64_json",
          }),
        });
        const body = (await res.json().catch(() => ({}))) as ImagesApiResponse;
        if (!res.ok) throw refusal(res.status, body);
        const first = body.data?.[0];
        if (first?.b64_json) return Buffer.from(first.b64_json, "base64");
        if (first?.url) {
          const image = await fetch(first.url, { signal });
          if (!image.ok)
            throw new HttpError(502, /*i18n*/ "Image generation failed: the image could not be downloaded ({status})", {
              values: { status: image.status },
            });
          return Buffer.from(await image.arrayBuffer());
        }
        throw new HttpError(502, /*i18n*/ "Image generation failed: the service returned no image");
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if ((error as Error).name === "TimeoutError" || (error as Error).name === "AbortError") {
          throw new HttpError(
            504,
            /*i18n*/ "Image generation timed out after {seconds, plural, one {# second} other {# seconds}}. Please try again.",
            { values: { seconds } },
          );
        }
        throw new HttpError(502, /*i18n*/ "Image generation failed: the service could not be reached");
      }
    },
  };
}
