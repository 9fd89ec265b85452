import { z } from "zod";
import { text } from "../text";
import { setAclSchema, uploadRequestSchema } from "../uploads";
import { COMPANION_PATH, getBodySchema, linkSchema, providerParams, remoteSourcesSchema, urlBodySchema } from "../remote-sources";
import { endpoints, message, type OtherAnswer } from "./endpoint";

const objectPathAnswer = z.object({ objectPath: text() });
/** An S3 presigned POST's form fields (its policy caps the size); absent for a PUT. */
const uploadFormFields = z.record(text(), text()).optional();
const QUOTA = "You have used your 1 GB of uploads. Delete some drawings or uploads to free space.";
const TOO_LARGE = "The file is larger than 50 MB";

/** Companion's own protocol (Uppy's remote sources): its answers are Companion's, not ours to describe. */
const companionAnswer = (description: string): OtherAnswer => ({ contentType: "application/json", description });
const companionErrors = { 400: message("The link is not valid"), 403: message("Links to this server or a private network are not allowed") };

export const uploadsEndpoints = endpoints({
  "POST /api/objects/upload": {
    summary:
      "A signed URL to send one file to, once (docs/spec.md: no body for the dragon and post uploaders; filename and contentType for the blog form): a PUT of the file, or, with `fields` (S3), a multipart/form-data POST of the fields, then the file as `file`",
    access: "members",
    optionalBody: uploadRequestSchema,
    rateLimited: true,
    answers: {
      200: z.union([z.object({ uploadURL: text(), objectPath: text(), fields: uploadFormFields }), z.object({ signedUrl: text(), objectPath: text(), fields: uploadFormFields })]),
      413: message(QUOTA),
    },
  },
  "POST /api/objects/set-acl": {
    summary: "Check an uploaded file (size, real image bytes) and keep it private or, for admins, publish it without its metadata; answers the path to use from then on",
    access: "members",
    body: setAclSchema,
    answers: {
      200: objectPathAnswer,
      403: message("You can only share files you uploaded", "Only admins can publish pictures. Your photos are shared through posts once approved."),
      404: message("Object not found", "The file has not been uploaded yet"),
      409: message("This photo is already part of a post"),
      413: message(TOO_LARGE, QUOTA),
      415: message("The file is not a PNG, JPEG, WebP or GIF image"),
    },
  },
  "PUT /api/storage/upload": {
    summary: "Where a signed upload URL points on local storage: the file's bytes, once",
    access: "everyone",
    query: z.object({ grant: text().max(4096).optional(), sig: text().max(200).optional() }),
    rawBody: { contentType: "image/*", description: "The file, of the type and at most the size the URL was signed for" },
    answers: {
      200: { contentType: "none", description: "Stored; the ETag header names it" },
      403: message("Missing upload signature", "Invalid upload signature", "Request has expired"),
      409: message("This upload URL has already been used"),
      413: message("File is larger than 52428800 bytes", QUOTA),
      415: message("Content type not allowed: text/html"),
    },
  },
  "GET /objects/*": {
    summary: "A stored file: public ones to everyone, private ones to their owner (and admins); ranges and ETags honoured; `?download` or `?download={name}` asks for an attachment",
    access: "everyone",
    answers: {
      200: { contentType: "application/octet-stream", description: "The file, with its own content type" },
      206: { contentType: "application/octet-stream", description: "The requested range" },
      304: { contentType: "none", description: "Unchanged (If-None-Match)" },
      400: message("Invalid object path"),
      404: message("Object not found"),
      416: message("Range Not Satisfiable"),
    },
  },
  "GET /api/objects/remote-sources": {
    summary: "Which remote sources the upload widget may offer",
    access: "members",
    answers: { 200: remoteSourcesSchema },
  },
  [`POST ${COMPANION_PATH}/url/meta`]: {
    summary: "Companion: what a link points to (the link is checked first: no private addresses)",
    access: "members",
    body: urlBodySchema,
    rateLimited: true,
    answers: { 200: companionAnswer("Companion's answer: the file's name, type and size"), ...companionErrors },
  },
  [`POST ${COMPANION_PATH}/url/get`]: {
    summary: "Companion: download a link into the member's own upload",
    access: "members",
    body: getBodySchema.extend({ url: linkSchema }),
    rateLimited: true,
    answers: { 200: companionAnswer("Companion's answer: a token for the progress socket"), ...companionErrors },
  },
  [`POST ${COMPANION_PATH}/:providerName/get/:id`]: {
    summary: "Companion: download a file from a configured provider into the member's own upload",
    access: "members",
    params: providerParams,
    body: getBodySchema,
    rateLimited: true,
    answers: { 200: companionAnswer("Companion's answer: a token for the progress socket"), 404: message("Not found") },
  },
  [`GET ${COMPANION_PATH}/*`]: {
    summary: "Companion: a configured provider's listings, thumbnails and OAuth sign-in",
    access: "members",
    rateLimited: true,
    answers: { 200: companionAnswer("Companion's answer"), 302: { contentType: "none", description: "Companion's OAuth redirects" }, 404: message("Not found") },
  },
  [`POST ${COMPANION_PATH}/*`]: {
    summary: "Companion: a configured provider's token calls (preauth, refresh-token, simple-auth)",
    access: "members",
    rawBody: { contentType: "application/json", description: "Companion's own request" },
    rateLimited: true,
    answers: { 200: companionAnswer("Companion's answer"), 404: message("Not found") },
  },
} as const);
