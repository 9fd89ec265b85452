import { useQuery } from "@tanstack/react-query";
import { apiQuery, apiQueryKey, callApi } from "./api-client";

export const DRAGONS_KEY = apiQueryKey("GET /api/dragons");

/** A member's own pictures (decision 031) are kept under this key and their id: never shared between people. */
export const PICTURES_KEY = apiQueryKey("GET /api/pictures");

export const useDragons = () => useQuery(apiQuery("GET /api/dragons"));

/** One dragon; `refetchOnMount: "always"` asks the server again even when it is already known. */
export const useDragon = (id: string, options: { refetchOnMount?: "always" } = {}) => useQuery({ ...apiQuery("GET /api/dragons/:id", { params: { id } }), ...options });

/**
 * The signed-in member's own pictures (decision 031), for My pictures and the feed's dragon picker.
 * The key carries their id, so a list read for one person is never shown to the next on the same
 * device (signing out clears every query too). No id (not signed in yet): nothing is asked.
 */
export const usePictures = (userId: string | undefined) =>
  useQuery({ queryKey: [...PICTURES_KEY, userId], queryFn: () => callApi("GET /api/pictures"), enabled: userId !== undefined });
