import { useQuery } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { PICTURES_KEY } from "../../lib/dragons";

/**
 * The signed-in member's own pictures (decision 031). The key carries their id, so a list read for
 * one person is never shown to the next on the same device; signing out clears every query.
 */
export const usePictures = (userId: string) => useQuery({ queryKey: [...PICTURES_KEY, userId], queryFn: () => callApi("GET /api/pictures") });
