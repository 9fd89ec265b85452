import { describe, expect, it } from "vitest";
import {
  AUTOSAVE_EVERY_MS,
  autosaveDue,
  failedSave,
  hasUnsavedChanges,
  keepChangeOffline,
  keepsInOutbox,
  saveNotice,
  savedAtStart,
  sendOnReconnect,
  type SaveOutcome,
} from "./autosave";
import { CANVAS_DEFAULTS } from "./canvas-state";

const opened = JSON.stringify(CANVAS_DEFAULTS);
const changed = JSON.stringify({ ...CANVAS_DEFAULTS, imageZoom: 1.2 });
const tick = {
  signedIn: true,
  pending: false,
  snapshot: changed,
  lastSaved: opened,
  now: 100_000,
  lastAttemptAt: 100_000 - AUTOSAVE_EVERY_MS - 1,
};

describe("the autosave", () => {
  it("counts what the canvas opened with as saved, unless it is an offline save still to send", () => {
    expect(hasUnsavedChanges({ snapshot: opened, lastSaved: savedAtStart(CANVAS_DEFAULTS, false) })).toBe(false);
    expect(hasUnsavedChanges({ snapshot: opened, lastSaved: savedAtStart(CANVAS_DEFAULTS, true) })).toBe(true);
  });

  it("saves when signed in, something changed, no save is on its way and the last attempt was over 5 s ago", () => {
    expect(autosaveDue(tick)).toBe(true);
    // The first tick after opening: no attempt yet.
    expect(autosaveDue({ ...tick, lastAttemptAt: 0 })).toBe(true);
    expect(autosaveDue({ ...tick, signedIn: false })).toBe(false);
    expect(autosaveDue({ ...tick, snapshot: opened })).toBe(false);
    expect(autosaveDue({ ...tick, pending: true })).toBe(false);
    expect(autosaveDue({ ...tick, lastAttemptAt: tick.now - AUTOSAVE_EVERY_MS })).toBe(false);
  });

  it("sends what changed offline as soon as the connection returns, once", () => {
    expect(sendOnReconnect({ snapshot: changed, lastSaved: opened, pending: false })).toBe(true);
    expect(sendOnReconnect({ snapshot: changed, lastSaved: opened, pending: true })).toBe(false);
    expect(sendOnReconnect({ snapshot: changed, lastSaved: changed, pending: false })).toBe(false);
  });

  it("puts each unsaved change in the outbox while offline, and nothing while online", () => {
    expect(keepChangeOffline({ online: false, snapshot: changed, lastSaved: opened })).toBe(true);
    expect(keepChangeOffline({ online: false, snapshot: opened, lastSaved: opened })).toBe(false);
    expect(keepChangeOffline({ online: true, snapshot: changed, lastSaved: opened })).toBe(false);
  });

  it("keeps a save that did not reach the server in the outbox; a 401 or a refusal is not kept", () => {
    expect(failedSave({ network: true, unauthorized: false })).toBe("unreachable");
    expect(failedSave({ network: false, unauthorized: true })).toBe("signed-out");
    expect(failedSave({ network: false, unauthorized: false })).toBe("failed");
    const kept = (["saved", "offline", "unreachable", "signed-out", "failed"] as SaveOutcome[]).filter(keepsInOutbox);
    expect(kept).toEqual(["offline", "unreachable"]);
  });

  it("tells the learner how a Save went, and says nothing of an autosave", () => {
    expect(saveNotice("saved", true)).toBe("saved");
    expect(saveNotice("offline", true)).toBe("offline");
    expect(saveNotice("unreachable", true)).toBe("unreachable");
    expect(saveNotice("failed", true)).toBe("failed");
    // The 401 has its own notice and sign-in redirect.
    expect(saveNotice("signed-out", true)).toBeNull();
    for (const outcome of ["saved", "offline", "unreachable", "signed-out", "failed"] as const)
      expect(saveNotice(outcome, false)).toBeNull();
  });
});
