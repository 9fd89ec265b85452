import { useCallback, useEffect, useRef, useState } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { isNetworkError } from "../../lib/query-client";
import { refreshQueries } from "../../lib/refresh-queries";
import { apiQueryKey, callApi } from "../../lib/api-client";
import { toast } from "../../components/ui/use-toast";
import { handleUnauthorized, isUnauthorizedError } from "../../lib/unauthorized";
import { clearOutbox, keepProgress, writeOutbox } from "./progress-on-this-device";
import {
  AUTOSAVE_CHECK_MS,
  autosaveDue,
  failedSave,
  keepChangeOffline,
  keepsInOutbox,
  saveNotice,
  savedAtStart,
  sendOnReconnect,
  type SaveNoticeKind,
  type SaveOutcome,
} from "./autosave";
import type { CanvasSettings } from "./canvas-state";

/** The words of each notice after a Save (autosave.ts decides which one, if any). */
const NOTICES: Record<
  SaveNoticeKind,
  { title: MessageDescriptor; description: MessageDescriptor; variant?: "destructive" }
> = {
  saved: { title: msg`Progress saved`, description: msg`Pick up right here next time, on any device.` },
  offline: {
    title: msg`Saved on this device`,
    description: msg`You are offline. Your progress will be sent when the connection returns.`,
  },
  unreachable: {
    title: msg`Saved on this device`,
    description: msg`The server could not be reached. Your progress will be sent when the connection returns.`,
  },
  failed: {
    title: msg`Error`,
    description: msg`Failed to save your progress. Please try again.`,
    variant: "destructive",
  },
};

/**
 * Signed in: `save` (the Save button) saves, and a save happens every 5 seconds when something
 * changed; offline, the latest settings wait in this browser's outbox and go once the connection
 * returns. The decisions are in autosave.ts; this hook wires timers, events and storage to them.
 */
export function useAutosave(
  dragonId: string,
  userId: string | null,
  settings: CanvasSettings,
  snapshot: string,
  initial: CanvasSettings,
  unsent: boolean,
) {
  const { i18n } = useLingui();
  const signedIn = userId !== null;
  const lastSaved = useRef(savedAtStart(initial, unsent));
  const lastSaveAt = useRef(0);
  const latest = useRef({ settings, snapshot });
  useEffect(() => {
    latest.current = { settings, snapshot };
  }, [settings, snapshot]);

  // One save at a time, in order: a newer state is never overtaken on the way by an older one.
  const inFlight = useRef<Promise<SaveOutcome> | null>(null);
  // Saves the learner asked for with Save and still on their way: only those show 'Saving...'
  // (an autosave says nothing, and never disables Save under a learner's finger).
  const [asked, setAsked] = useState(0);

  /** Send the settings now, keeping them on this device when they cannot go. */
  const send = useCallback(
    async (signedInAs: string): Promise<SaveOutcome> => {
      const { settings: body, snapshot: json } = latest.current;
      const sentAt = Date.now();
      lastSaveAt.current = sentAt;
      let outcome: SaveOutcome = "offline";
      if (navigator.onLine) {
        try {
          await callApi("POST /api/wip", { body: { dragonId, ...body } });
          outcome = "saved";
        } catch (error) {
          outcome = failedSave({ network: isNetworkError(error), unauthorized: isUnauthorizedError(error) });
        }
      }
      if (outcome === "saved") {
        lastSaved.current = json;
        keepProgress(signedInAs, dragonId, body);
        // Only what was sent leaves the outbox: a newer offline change stays for the next save.
        clearOutbox(signedInAs, dragonId, sentAt);
      } else if (keepsInOutbox(outcome)) writeOutbox(signedInAs, dragonId, body);
      else if (outcome === "signed-out") handleUnauthorized();
      return outcome;
    },
    [dragonId],
  );

  const saveToServer = useCallback(
    async (manual: boolean) => {
      if (!userId) return;
      if (manual) setAsked((count) => count + 1);
      try {
        // Whatever became of the save on its way, this one goes after it.
        while (inFlight.current) await inFlight.current.catch(() => undefined);
        const attempt = send(userId);
        inFlight.current = attempt;
        const outcome = await attempt.finally(() => {
          if (inFlight.current === attempt) inFlight.current = null;
        });
        const kind = saveNotice(outcome, manual);
        if (kind) {
          const { title, description, variant } = NOTICES[kind];
          toast({ title: i18n._(title), description: i18n._(description), ...(variant && { variant }) });
        }
      } finally {
        if (manual) setAsked((count) => count - 1);
      }
    },
    [send, userId, i18n],
  );

  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => {
      const due = autosaveDue({
        signedIn,
        pending: inFlight.current !== null,
        snapshot: latest.current.snapshot,
        lastSaved: lastSaved.current,
        now: Date.now(),
        lastAttemptAt: lastSaveAt.current,
      });
      if (due) void saveToServer(false);
    }, AUTOSAVE_CHECK_MS);
    return () => clearInterval(timer);
  }, [signedIn, saveToServer]);

  // Offline, every change waits in the outbox; back online, it is sent once (a successful save
  // marks it saved and empties the outbox).
  useEffect(() => {
    if (userId && keepChangeOffline({ online: navigator.onLine, snapshot, lastSaved: lastSaved.current }))
      writeOutbox(userId, dragonId, latest.current.settings);
  }, [userId, dragonId, snapshot]);
  useEffect(() => {
    if (!userId) return;
    const onOnline = () => {
      if (
        sendOnReconnect({
          snapshot: latest.current.snapshot,
          lastSaved: lastSaved.current,
          pending: inFlight.current !== null,
        })
      )
        void saveToServer(false);
    };
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [userId, saveToServer]);

  // Leaving with a change the 5-second autosave has not sent yet (back to the dragon page, another
  // app, the screen locking): it is kept on this device at once and sent now, so a cell marked in
  // the last seconds is never lost. After the canvas has gone, the pages showing progress
  // ('Continue', 'Your drawings') read it again once the server has it.
  useEffect(() => {
    if (!userId) return;
    const sendUnsaved = () => {
      if (latest.current.snapshot === lastSaved.current) return null;
      writeOutbox(userId, dragonId, latest.current.settings);
      return saveToServer(false);
    };
    const onHidden = () => {
      if (document.visibilityState === "hidden") void sendUnsaved();
    };
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      document.removeEventListener("visibilitychange", onHidden);
      void sendUnsaved()?.then(() => refreshQueries({ queryKey: apiQueryKey("GET /api/wip") }));
    };
  }, [userId, dragonId, saveToServer]);

  return { saving: asked > 0, save: useCallback(() => saveToServer(true), [saveToServer]) };
}
