import { z } from "zod";
import { DRAGON_NAME_MAX, generateCustomSchema } from "../dragons";
import { nameText, text } from "../text";

/** Pro members' own pictures (decision 031): private templates only their owner sees. */

/** A picture's name: as long as a template's, in the picture's words. */
export const pictureNameSchema = nameText()
  .trim()
  .min(1, "Please enter a picture name")
  .max(DRAGON_NAME_MAX, `Picture names can be at most ${DRAGON_NAME_MAX} characters`);

/** POST /api/pictures: a private template from the member's checked upload (or their AI picture). */
export const createPictureSchema = z.object({
  name: pictureNameSchema,
  imageUrl: text()
    .max(300)
    .regex(/^\/objects\/uploads\/[A-Za-z0-9-]+$/, "must be the objectPath of an upload"),
  filename: text().max(255).optional(),
  /** Make the pencil version too. */
  pencil: z.boolean().optional(),
});

/** PUT /api/pictures/:id: a new name. */
export const renamePictureSchema = z.object({ name: pictureNameSchema });

/** POST /api/pictures/generate: the member's description, as the admins' AI flow takes it. */
export const generatePictureSchema = generateCustomSchema;

/** Said when the day's AI pictures (PRO_AI_PER_DAY: `perDay`) are used up; the day starts with the first of them. */
export const AI_DAILY_LIMIT_MESSAGE =
  /*i18n*/ "You have created {perDay, plural, one {# AI picture} other {# AI pictures}} today, the most for one day. You can create more in {hoursLeft, plural, one {# hour} other {# hours}}.";

/** Said when a new picture's files would take its owner past their upload quota (`quota`: "1 GB" or "500 MB"). */
export const PICTURE_OVER_QUOTA_MESSAGE =
  /*i18n*/ "This picture would take you past your {quota} of uploads. Delete some pictures, drawings or uploads to free space.";
