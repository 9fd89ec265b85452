import { z } from "zod";
import { text } from "../text";
import type { OtherResponse } from "./endpoint";

// Pieces many declarations share.

/** `{ message }`: what most writes answer (docs/spec.md §3: "Verify response: message"). */
export const messageResponse = z.object({ message: text() });

/** A moment as ISO 8601 text. */
export const isoTime = () => text();

/** A redirect: the browser follows `Location`. */
export const redirect = (description: string): OtherResponse => ({ contentType: "none", description });

export const html = (description: string): OtherResponse => ({ contentType: "text/html", description });
