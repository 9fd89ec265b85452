import { useQuery } from "@tanstack/react-query";
import type { Dragon } from "../../shared/dragons";

export const DRAGONS_KEY = ["/api/dragons"] as const;

export const useDragons = () => useQuery<Dragon[]>({ queryKey: DRAGONS_KEY });

/** One dragon; `refetchOnMount: "always"` asks the server again even when it is already known. */
export const useDragon = (id: string, options: { refetchOnMount?: "always" } = {}) => useQuery<Dragon>({ queryKey: ["/api/dragons", id], ...options });
