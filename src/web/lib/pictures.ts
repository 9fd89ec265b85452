import { useQuery } from "@tanstack/react-query";
import { apiQueryKey, callApi } from "./api-client";

// Apart from lib/dragons.ts, which every public page loads: only the screens that show a member's
// own pictures (decision 031) load this.

/** A member's own pictures are kept under this key and their id: never shared between people. */

export const PICTURES_KEY = apiQueryKey("GET /api/pictures");

/**
 * The signed-in member's own pictures, for My pictures and the feed's dragon picker. The key
 * carries their id, so a list read for one person is never shown to the next on the same device
 * (signing out clears every query too). No id (not signed in yet): nothing is asked.
 */
export const usePictures = (userId: string | undefined) =>
  useQuery({
    queryKey: [...PICTURES_KEY, userId],

    queryFn: () => callApi("GET /api/pictures"),
    enabled: userId !== undefined,
  });
