import { useQuery } from "@tanstack/react-query";
import { apiQuery, apiQueryKey } from "./api-client";

// eslint-disable-next-line lingui/no-unlocalized-strings -- an endpoint of the API, not words
export const DRAGONS_KEY = apiQueryKey("GET /api/dragons");

// eslint-disable-next-line lingui/no-unlocalized-strings -- an endpoint of the API, not words
export const useDragons = () => useQuery(apiQuery("GET /api/dragons"));

/** One dragon; `refetchOnMount: "always"` asks the server again even when it is already known. */
export const useDragon = (id: string, options: { refetchOnMount?: "always" } = {}) =>
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an endpoint of the API, not words
  useQuery({ ...apiQuery("GET /api/dragons/:id", { params: { id } }), ...options });
