import { useSyncExternalStore } from "react";

// Whether a toast has been raised yet, so the app mounts the toast region (its code loads then:
// app/app.tsx). Kept apart from the toasts' store (use-toast.ts), which only code that raises or
// shows toasts loads: every page's first load carries these few lines instead (decision 058).
let wanted = false;
const listeners = new Set<() => void>();

/** The toasts' store calls this with the first toast. */
export function wantToastRegion() {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

export function useToastRegionWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    // The server renders no toasts; a page hydrating after one was raised must match that first.
    () => false,
  );
}
