// When the canvas saves, and what a save's outcome means, as pure decisions: `use-autosave.ts`
// wires timers, the `online` event and storage to them. Snapshots are the settings as JSON.
import type { CanvasSettings } from "./canvas-state";

export const AUTOSAVE_EVERY_MS = 5000;
/** How often the autosave looks whether a save is due. */
export const AUTOSAVE_CHECK_MS = 1000;

export interface SaveProgress {
  /** The settings now. */
  snapshot: string;
  /** The settings the server last accepted. */
  lastSaved: string;
  /** A save is on its way. */
  pending: boolean;
}

/** What counts as saved when the canvas opens: what it started from, unless that is an offline save still to send. */
export const savedAtStart = (initial: CanvasSettings, unsent: boolean) => (unsent ? "" : JSON.stringify(initial));

export const hasUnsavedChanges = (progress: Pick<SaveProgress, "snapshot" | "lastSaved">) =>
  progress.snapshot !== progress.lastSaved;

/** An autosave is due when signed in, something changed, no save is on its way and the last attempt was over 5 s ago. */
export function autosaveDue(
  progress: SaveProgress & { signedIn: boolean; now: number; lastAttemptAt: number },
): boolean {
  return (
    progress.signedIn &&
    !progress.pending &&
    hasUnsavedChanges(progress) &&
    progress.now - progress.lastAttemptAt > AUTOSAVE_EVERY_MS
  );
}

/** Back online, what changed meanwhile is sent at once, unless a save is already on its way. */
export const sendOnReconnect = (progress: SaveProgress) => !progress.pending && hasUnsavedChanges(progress);

/** Signed in and offline, each unsaved change goes to the outbox at once, so closing the tab loses nothing. */
export const keepChangeOffline = (state: { online: boolean; snapshot: string; lastSaved: string }) =>
  !state.online && hasUnsavedChanges(state);

/**
 * How a save ended: `saved` (the server has it), `offline` (the browser knew it was offline and did
 * not try), `unreachable` (the request failed on the network), `signed-out` (401: the session
 * ended), `failed` (anything else).
 */
export type SaveOutcome = "saved" | "offline" | "unreachable" | "signed-out" | "failed";

/** The outcome of a request that threw. */
export function failedSave(error: {
  network: boolean;
  unauthorized: boolean;
}): Exclude<SaveOutcome, "saved" | "offline"> {
  if (error.network) return "unreachable";
  return error.unauthorized ? "signed-out" : "failed";
}

/** Saves that did not reach the server but will: the settings wait in the outbox. */
export const keepsInOutbox = (outcome: SaveOutcome) => outcome === "offline" || outcome === "unreachable";

/** The notice a save's outcome gives: its words are in use-autosave.ts, in the learner's language. */
export type SaveNoticeKind = Exclude<SaveOutcome, "signed-out">;

/**
 * What the learner is told: only after pressing Save (an autosave is silent). A 401 has its own
 * notice and sign-in redirect (lib/unauthorized), whoever started the save.
 */
export function saveNotice(outcome: SaveOutcome, manual: boolean): SaveNoticeKind | null {
  return manual && outcome !== "signed-out" ? outcome : null;
}
