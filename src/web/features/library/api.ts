import { useQuery } from "@tanstack/react-query";
import type { Dragon } from "../../../shared/dragons";

export const DRAGONS_KEY = ["/api/dragons"] as const;

export const useDragons = () => useQuery<Dragon[]>({ queryKey: DRAGONS_KEY });

export const useDragon = (id: string) => useQuery<Dragon>({ queryKey: ["/api/dragons", id] });
