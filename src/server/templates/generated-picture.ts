import crypto from "node:crypto";
import type { ObjectStorage } from "../storage/object-storage";
import type { ImageGenerator } from "../images/image-generator";
import { inspectImage } from "../images/template-pipeline";
import { upsample4x } from "../images/upsample";
import { HttpError } from "../http/errors";
import type { ImageJobs } from "../jobs/image-jobs";

/**
 * An AI picture from a description, enlarged 4×, stored as `ownerId`'s private upload: the
 * admins' library flow and Pro members' own pictures both save it in a second step, after the
 * person has seen and named it.
 */
export async function generatedPicture(
  imageGenerator: ImageGenerator,
  storage: ObjectStorage,
  ownerId: string,
  prompt: string,
): Promise<{ objectPath: string; filename: string }> {
  const generated = await imageGenerator.generate(prompt);
  await inspectImage(generated).catch(() => {
    throw new HttpError(502, /*i18n*/ "Image generation failed: the service returned something that is not an image");
  });
  const key = `uploads/${crypto.randomUUID()}`;
  try {
    const { image } = await upsample4x(generated);
    await storage.put(key, image, "image/png", { ownerId, isPublic: false });
  } catch (error) {
    // The picture is paid for once the service answered: a failure after that is final (an
    // HttpError), so the job is not tried again and the service not asked again (decision 034).
    const failed = new HttpError(500, /*i18n*/ "Internal Server Error");
    failed.cause = error;
    throw failed;
  }
  const slug =
    prompt
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "image";
  return { objectPath: `/objects/${key}`, filename: `ai-${slug}.png` };
}

/** An AI picture as a queued job for the person asking (decision 034); null when no image service is configured. */
export function aiPictureJob(imageJobs: ImageJobs, imageGenerator: ImageGenerator | null, storage: ObjectStorage) {
  if (!imageGenerator) return null;
  return imageJobs.define("ai-picture", (input: { prompt: string }, ownerId: string) =>
    generatedPicture(imageGenerator, storage, ownerId, input.prompt),
  );
}

export type AiPictureJob = ReturnType<typeof aiPictureJob>;
