// wouter imports the use-sync-external-store shim (for React 17); React 19 has the hook itself, so
// the bundle takes React's instead of shipping the shim to every page (vite.config.ts aliases it).
export { useSyncExternalStore } from "react";
