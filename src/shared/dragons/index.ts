import { z } from "zod";
import { nameText, text } from "../text";

export const DRAGON_NAME_MAX = 80;

export const dragonNameSchema = nameText()
  .trim()
  .min(1, "Please enter a dragon name")
  .max(DRAGON_NAME_MAX, `Dragon names can be at most ${DRAGON_NAME_MAX} characters`);

/** POST /api/dragons: a template from an uploaded object. */
export const createDragonSchema = z.object({
  name: dragonNameSchema,
  imageUrl: text()
    .max(300)
    .regex(/^\/objects\/uploads\/[A-Za-z0-9-]+$/, "must be the objectPath of an upload"),
  filename: text().max(255).optional(),
});

/** PUT /api/dragons/:id/level: an admin's choice of level, or null for the measured one (decision 072). */
export const chooseLevelSchema = z.object({ level: z.number().int().min(1).max(5).nullable() });

export const generatePencilSchema = z.object({ dragonId: text().uuid("must be a dragon id") });

/** The version of a template the page and the canvas show. */
export type DragonVersion = "color" | "pencil";
export const parseVersion = (value: string | null | undefined): DragonVersion =>
  value === "pencil" ? "pencil" : "color";

export const PROMPT_MAX = 1000;

/** POST /api/dragons/generate-custom: an admin's description of a picture. */
export const generateCustomSchema = z.object({
  prompt: text()
    .trim()
    .min(1, "Please enter a description for your image")
    .max(PROMPT_MAX, `Descriptions can be at most ${PROMPT_MAX} characters`),
});
