import { z } from "zod";
import { text } from "../text";
import type { OtherAnswer } from "./endpoint";

// Pieces many declarations share.

/** `{ message }`: what most writes answer (docs/spec.md §3: "Verify response: message"). */
export const messageAnswer = z.object({ message: text() });

/** A moment as ISO 8601 text. */
export const isoTime = () => text();

/** A redirect: the browser follows `Location`. */
export const redirect = (description: string): OtherAnswer => ({ contentType: "none", description });

export const html = (description: string): OtherAnswer => ({ contentType: "text/html", description });
