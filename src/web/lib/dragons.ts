import { useQuery } from "@tanstack/react-query";
import { apiQuery, apiQueryKey } from "./api-client";

export const DRAGONS_KEY = apiQueryKey("GET /api/dragons");

export const useDragons = () => useQuery(apiQuery("GET /api/dragons"));

/** One dragon; `refetchOnMount: "always"` asks the server again even when it is already known. */
export const useDragon = (id: string, options: { refetchOnMount?: "always" } = {}) =>
  useQuery({ ...apiQuery("GET /api/dragons/:id", { params: { id } }), ...options });
