import { z } from "zod";
import { text } from "../text";
import { chooseLevelSchema, createDragonSchema, generateCustomSchema, generatePencilSchema } from "./index";
import { endpoints, message } from "../contract/endpoint";
import { IMAGE_JOB_INTERRUPTED } from "../image-jobs";
import { KEPT_BY_CHECK, KEPT_BY_POST } from "../uploads";
import { messageResponse } from "../contract/responses";
import { dragonResponse } from "./responses";
import { queuedResponses } from "../image-jobs/responses";

export const dragonIdParams = z.object({ id: text().uuid("Dragon not found") });
const NOT_FOUND = message("Dragon not found");

export const dragonsEndpoints = endpoints({
  "GET /api/dragons": {
    summary: "The template library, newest first",
    access: "everyone",
    responses: { 200: z.array(dragonResponse) },
  },
  "GET /api/dragons/:id": {
    summary: "One template: the library's to everyone, a private picture to its owner only (404 to anyone else)",
    access: "everyone",
    params: dragonIdParams,
    responses: { 200: dragonResponse, 404: NOT_FOUND },
  },
  "POST /api/dragons": {
    summary: "Add a template from the admin's checked upload (kept as normalised copies; the upload is deleted)",
    access: "admins",
    body: createDragonSchema,
    responses: {
      201: z.object({ id: text() }),
      400: message("The image is larger than 50 MB."),
      403: message("You can only use images you uploaded"),
      404: message("Uploaded image not found"),
      409: message(KEPT_BY_POST, KEPT_BY_CHECK),
      ...queuedResponses,
    },
  },
  "PUT /api/dragons/:id/level": {
    summary: "Choose a library template's level (1–5), or null to go back to the measured one",
    access: "admins",
    params: dragonIdParams,
    body: chooseLevelSchema,
    responses: { 200: dragonResponse, 404: NOT_FOUND },
  },
  "POST /api/dragons/generate-pencil": {
    summary: "Make a template's pencil version",
    access: "admins",
    body: generatePencilSchema,
    responses: {
      200: z.object({ pencilPreviewUrl: text().nullable(), pencilHiresUrl: text().nullable() }),
      404: NOT_FOUND,
      ...queuedResponses,
    },
  },
  "POST /api/dragons/generate-custom": {
    summary: "An AI picture from a description, enlarged 4×, kept as the admin's private upload",
    access: "admins",
    body: generateCustomSchema,
    rateLimited: true,
    responses: {
      200: z.object({ objectPath: text(), filename: text() }),
      ...queuedResponses,
      502: message("Image generation failed: the service returned something that is not an image"),
      503: message("Image generation is not configured", IMAGE_JOB_INTERRUPTED),
    },
  },
  "DELETE /api/dragons/:id": {
    summary: "Remove a template and its files",
    access: "admins",
    params: dragonIdParams,
    responses: { 200: messageResponse, 404: NOT_FOUND },
  },
});
