import { useEffect } from "react";

/**
 * Keeps the screen awake while the canvas is open (Screen Wake Lock, where the browser has it):
 * a learner looks from paper to screen for minutes without touching it. The browser releases the
 * lock when the tab is hidden, so it is asked for again each time the page comes back.
 */
export function useWakeLock(): void {
  useEffect(() => {
    if (!("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let active = true;
    const request = () => {
      if (document.visibilityState !== "visible" || (lock && !lock.released)) return;
      navigator.wakeLock
        .request("screen")
        .then((sentinel) => {
          if (active) lock = sentinel;
          else void sentinel.release();
        })
        .catch(() => undefined); // Refused (battery saver, policy): the page works without it.
    };
    request();
    document.addEventListener("visibilitychange", request);
    return () => {
      active = false;
      document.removeEventListener("visibilitychange", request);
      void lock?.release();
    };
  }, []);
}
