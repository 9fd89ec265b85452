import { z } from "zod";
import { text } from "../text";
import { KEPT_BY_CHECK, KEPT_BY_POST, setAclSchema, uploadRequestSchema } from "./index";
import {
  COMPANION_PATH,
  getBodySchema,
  linkSchema,
  providerParams,
  remoteSourcesSchema,
  urlBodySchema,
} from "./remote-sources";
import { endpoints, message, type OtherResponse } from "../contract/endpoint";

const objectPathResponse = z.object({ objectPath: text() });
/** An S3 presigned POST's form fields (its policy caps the size); absent for a PUT. */
const uploadFormFields = z.record(text(), text()).optional();
const QUOTA = "You have used your 1 GB of uploads. Delete some drawings or uploads to free space.";
const TOO_LARGE = "The file is larger than 50 MB";
/** What a stored file is served as. */
const FILE_TYPES = ["image/*", "application/octet-stream"];

/** Companion's own protocol (Uppy's remote sources): its answers are Companion's, not ours to describe. */
const companionResponse = (description: string): OtherResponse => ({ contentType: "application/json", description });
/** What Companion's own routes refuse with, in the app's words (features/companion/plugin.ts). */
const companionRefusals = {
  400: message("The remote source could not handle this request"),
  404: message("Not found"),
  502: message("The remote source could not be reached. Please try again."),
};
const LINK_REFUSED = [
  "Enter a full link starting with http:// or https://",
  "Links to private or local network addresses are not allowed",
  "We could not find that address. Please check the link.",
  "The link is not valid",
];
const PRIVATE_LINK = "Links to this server or a private network are not allowed";
// A download goes into the member's own upload, the one its metadata names, and only an image fits.
const ALREADY_FILLED = "That upload has already been filled";
const NOT_YOURS = "You can only fill an upload you asked for";
const downloadErrors = { 413: message(TOO_LARGE), 415: message("The file is not a PNG, JPEG, WebP or GIF image") };

export const uploadsEndpoints = endpoints({
  "POST /api/objects/upload": {
    summary:
      "A signed URL to send one file to, once (docs/spec.md: no body for the dragon and post uploaders; filename and contentType for the blog form): a PUT of the file, or, with `fields` (S3), a multipart/form-data POST of the fields, then the file as `file`",
    access: "members",
    optionalBody: uploadRequestSchema,
    rateLimited: true,
    responses: {
      200: z.union([
        z.object({ uploadURL: text(), objectPath: text(), fields: uploadFormFields }),
        z.object({ signedUrl: text(), objectPath: text(), fields: uploadFormFields }),
      ]),
      413: message(QUOTA),
    },
  },
  "POST /api/objects/set-acl": {
    summary:
      "Check an uploaded file (size, real image bytes) and keep it private or, for admins, publish it without its metadata; answers the path to use from then on",
    access: "members",
    body: setAclSchema,
    responses: {
      200: objectPathResponse,
      403: message(
        "You can only share files you uploaded",
        "Only admins can publish pictures. Your photos are shared through posts once approved.",
      ),
      404: message("Object not found", "The file has not been uploaded yet"),
      409: message(KEPT_BY_POST, KEPT_BY_CHECK),
      413: message(TOO_LARGE, QUOTA),
      415: message("The file is not a PNG, JPEG, WebP or GIF image"),
    },
  },
  "PUT /api/storage/upload": {
    summary: "Where a signed upload URL points on local storage: the file's bytes, once",
    access: "everyone",
    query: z.object({ grant: text().max(4096).optional(), sig: text().max(200).optional() }),
    rawBody: {
      contentType: "image/*",
      description: "The file, of the type and at most the size the URL was signed for",
    },
    responses: {
      200: { contentType: "none", description: "Stored; the ETag header names it" },
      403: message("Missing upload signature", "Invalid upload signature", "Request has expired"),
      409: message("This upload URL has already been used"),
      413: message("File is larger than 52428800 bytes", QUOTA),
      415: message("Content type not allowed: text/html"),
    },
  },
  "GET /objects/*": {
    summary:
      "A stored file: public ones to everyone, private ones to their owner (and admins); ranges and ETags honoured; `?download` or `?download={name}` asks for an attachment",
    access: "everyone",
    addresses: {
      "/objects/uploads/{id}": "An upload as it arrived: its owner's alone",
      "/objects/dragons/{id}/{file}":
        "A library template's images: hires.png, preview.webp, preview-small.webp, pencil-hires.png, pencil-preview.webp",
      "/objects/pictures/{id}/{file}":
        "A Pro member's picture's images (the same names as a template's): its owner's alone",
      "/objects/posts/{id}/{file}": "A post's photos as the feed shows them: {order}.webp and {order}-thumb.webp",
      "/objects/avatars/{id}/{file}": "A member's picture",
    },
    responses: {
      200: {
        contentType: FILE_TYPES,
        description: "The file: an image as the type it was checked as, anything else as a download",
      },
      206: { contentType: FILE_TYPES, description: "The requested range" },
      304: { contentType: "none", description: "Unchanged (If-None-Match)" },
      400: message("Invalid object path"),
      404: message("Object not found"),
      416: message("Range Not Satisfiable"),
    },
  },
  "GET /api/objects/remote-sources": {
    summary: "Which remote sources the upload widget may offer",
    access: "members",
    responses: { 200: remoteSourcesSchema },
  },
  [`POST ${COMPANION_PATH}/url/meta`]: {
    summary: "Companion: what a link points to (the link is checked first: no private addresses)",
    access: "members",
    body: urlBodySchema,
    rateLimited: true,
    companionScope: true,
    responses: {
      200: companionResponse("Companion's answer: the file's name, type and size"),
      400: message(...LINK_REFUSED),
      403: message(PRIVATE_LINK),
    },
  },
  [`POST ${COMPANION_PATH}/url/get`]: {
    summary: "Companion: download a link into the member's own upload",
    access: "members",
    body: getBodySchema.extend({ url: linkSchema }),
    rateLimited: true,
    companionScope: true,
    responses: {
      200: companionResponse("Companion's answer: a token for the progress socket"),
      400: message(...LINK_REFUSED, ALREADY_FILLED),
      403: message(PRIVATE_LINK, NOT_YOURS),
      ...downloadErrors,
    },
  },
  [`POST ${COMPANION_PATH}/:providerName/get/:id`]: {
    summary: "Companion: download a file from a configured provider into the member's own upload",
    access: "members",
    params: providerParams,
    body: getBodySchema,
    rateLimited: true,
    companionScope: true,
    responses: {
      200: companionResponse("Companion's answer: a token for the progress socket"),
      400: message(ALREADY_FILLED),
      403: message(NOT_YOURS),
      ...downloadErrors,
      404: message("Not found"),
    },
  },
  [`GET ${COMPANION_PATH}/*`]: {
    summary: "Companion: a configured provider's listings, thumbnails and OAuth sign-in",
    access: "members",
    addresses: {
      [`${COMPANION_PATH}/{provider}/{action}`]:
        "The provider's sign-in (connect, redirect, callback, logout, send-token), its top folder (list) or a search (search)",
      [`${COMPANION_PATH}/{provider}/{action}/{id}`]: "A folder (list/{id}) or a file's thumbnail (thumbnail/{id})",
      [`${COMPANION_PATH}/connect/{provider}`]: "The OAuth sign-in's start (Grant)",
      [`${COMPANION_PATH}/connect/{provider}/callback`]: "The OAuth sign-in's return (Grant)",
      [`${COMPANION_PATH}/search/{provider}/list`]: "A search provider's results",
    },
    rateLimited: true,
    companionScope: true,
    responses: {
      200: companionResponse("Companion's answer"),
      302: { contentType: "none", description: "Companion's OAuth redirects" },
      ...companionRefusals,
    },
  },
  [`POST ${COMPANION_PATH}/*`]: {
    summary: "Companion: a configured provider's token calls (preauth, refresh-token, simple-auth)",
    access: "members",
    addresses: { [`${COMPANION_PATH}/{provider}/{action}`]: "preauth, refresh-token or simple-auth" },
    rawBody: { contentType: "application/json", description: "Companion's own request" },
    rateLimited: true,
    companionScope: true,
    responses: { 200: companionResponse("Companion's answer"), ...companionRefusals },
  },
} as const);
