import { z } from "zod";
import { text } from "../text";
import { createPictureSchema, generatePictureSchema, PICTURE_OVER_QUOTA_MESSAGE, renamePictureSchema } from "./index";
import { english } from "../i18n/translate";
import { endpoints, message } from "../contract/endpoint";
import { IMAGE_JOB_INTERRUPTED, TOO_MANY_IMAGE_JOBS } from "../image-jobs";
import { KEPT_BY_CHECK, KEPT_BY_POST } from "../uploads";
import { messageResponse } from "../contract/responses";
import { dragonResponse } from "../dragons/responses";
import { queuedResponses } from "../image-jobs/responses";

const NOT_FOUND = message("Picture not found");
const pictureIdParams = z.object({ id: text().uuid("Picture not found") });

/**
 * A Pro member's own pictures (decision 031): private templates, read through GET /api/dragons/:id
 * and /objects/… by their owner only. Adding one needs Pro; the owner may always see, rename,
 * download and delete the ones they have, Pro or not.
 */
export const picturesEndpoints = endpoints({
  "GET /api/pictures": {
    summary: "The caller's own pictures, newest first",
    access: "members",
    responses: { 200: z.array(dragonResponse) },
  },
  "POST /api/pictures": {
    summary:
      "Make a private template from the caller's checked upload (the upload is deleted); counts towards the upload quota",
    access: "pro",
    body: createPictureSchema,
    responses: {
      201: dragonResponse,
      400: message("The image is larger than 50 MB."),
      403: message("You can only use images you uploaded"),
      404: message("Uploaded image not found"),
      409: message(KEPT_BY_POST, KEPT_BY_CHECK),
      413: message(english(PICTURE_OVER_QUOTA_MESSAGE, { quota: "1 GB" })),
      ...queuedResponses,
    },
  },
  "POST /api/pictures/generate": {
    summary: "An AI picture from a description, enlarged 4×, kept as the caller's private upload; PRO_AI_PER_DAY a day",
    access: "pro",
    body: generatePictureSchema,
    rateLimited: true,
    responses: {
      200: z.object({ objectPath: text(), filename: text() }),
      429: message(
        "You have created 5 AI pictures today, the most for one day. You can create more in 3 hours.",
        TOO_MANY_IMAGE_JOBS,
      ),
      502: message("Image generation failed: the service returned something that is not an image"),
      503: message("Image generation is not configured", IMAGE_JOB_INTERRUPTED),
    },
  },
  "PUT /api/pictures/:id": {
    summary: "Rename one of the caller's pictures",
    access: "members",
    params: pictureIdParams,
    body: renamePictureSchema,
    responses: { 200: dragonResponse, 404: NOT_FOUND },
  },
  "POST /api/pictures/:id/pencil": {
    summary: "Make the pencil version of one of the caller's pictures",
    access: "members",
    params: pictureIdParams,
    responses: {
      200: dragonResponse,
      404: NOT_FOUND,
      413: message(english(PICTURE_OVER_QUOTA_MESSAGE, { quota: "1 GB" })),
      ...queuedResponses,
    },
  },
  "DELETE /api/pictures/:id": {
    summary: "Delete one of the caller's pictures with its files, saved progress and checks",
    access: "members",
    params: pictureIdParams,
    responses: { 200: messageResponse, 404: NOT_FOUND },
  },
});
