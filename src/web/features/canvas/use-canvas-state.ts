import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiRequest, getQueryFn } from "../../lib/query-client";
import { toast } from "../../components/ui/use-toast";
import { handleUnauthorized, isUnauthorizedError } from "../../lib/unauthorized";
import { PAPER_DEFAULTS, clampZoom, parseGridSize, parsePaperHeight, parsePaperWidth } from "../../../shared/grid";
import type { WipState } from "../../../shared/wip";

/** The text in the three number fields; parsed (with the spec's fallbacks) into the settings. */
export interface FieldTexts {
  paperWidth: string;
  paperHeight: string;
  gridSize: string;
}

export type CanvasSettings = WipState;

const AUTOSAVE_EVERY_MS = 5000;
const localKey = (dragonId: string) => `dragon-grid:wip:${dragonId}`;

export const CANVAS_DEFAULTS: CanvasSettings = {
  paperWidth: PAPER_DEFAULTS.width,
  paperHeight: PAPER_DEFAULTS.height,
  gridSize: PAPER_DEFAULTS.gridSize,
  imageZoom: 1,
  imageX: 0,
  imageY: 0,
  currentCell: null,
};

function readLocal(dragonId: string): CanvasSettings | null {
  try {
    const raw = localStorage.getItem(localKey(dragonId));
    return raw ? { ...CANVAS_DEFAULTS, ...(JSON.parse(raw) as Partial<CanvasSettings>) } : null;
  } catch {
    return null;
  }
}

/**
 * Where the canvas starts: saved progress when signed in (it overwrites the defaults), this
 * browser's copy for visitors (no server call), else the defaults. `ready` is false while unknown.
 */
export function useInitialSettings(dragonId: string, auth: { isAuthenticated: boolean; isLoading: boolean }) {
  const saved = useQuery<WipState | null>({
    queryKey: ["/api/wip", dragonId],
    queryFn: getQueryFn<WipState>({ on401: "returnNull" }),
    enabled: auth.isAuthenticated,
    staleTime: 0,
    gcTime: 0,
  });
  const local = useMemo(() => readLocal(dragonId), [dragonId]);
  if (auth.isLoading || (auth.isAuthenticated && saved.isLoading)) return { ready: false, initial: CANVAS_DEFAULTS };
  const stored = auth.isAuthenticated ? saved.data : local;
  return { ready: true, initial: stored ? { ...CANVAS_DEFAULTS, ...stored, imageZoom: clampZoom(stored.imageZoom) } : CANVAS_DEFAULTS };
}

/**
 * The canvas's settings and their persistence. Signed in: the Save button saves, and a save
 * happens every 5 seconds when something changed. Signed out: the settings live in this browser.
 */
export function useCanvasState(dragonId: string, signedIn: boolean, initial: CanvasSettings) {
  const [texts, setTexts] = useState<FieldTexts>(() => ({ paperWidth: String(initial.paperWidth), paperHeight: String(initial.paperHeight), gridSize: String(initial.gridSize) }));
  const [view, setView] = useState(() => ({ imageZoom: initial.imageZoom, imageX: initial.imageX, imageY: initial.imageY, currentCell: initial.currentCell }));

  const settings: CanvasSettings = useMemo(() => {
    const paperWidth = parsePaperWidth(texts.paperWidth);
    const paperHeight = parsePaperHeight(texts.paperHeight);
    // A grid square larger than the paper would make no grid at all: cap it for drawing and saving.
    const gridSize = Math.min(parseGridSize(texts.gridSize), Math.max(paperWidth, paperHeight));
    return { paperWidth, paperHeight, gridSize, ...view };
  }, [texts, view]);

  const snapshot = JSON.stringify(settings);
  // What the canvas started from counts as saved.
  const lastSaved = useRef(JSON.stringify(initial));
  const lastSaveAt = useRef(0);
  const latest = useRef({ settings, snapshot });
  useEffect(() => {
    latest.current = { settings, snapshot };
  }, [settings, snapshot]);

  const mutation = useMutation({ mutationFn: (body: CanvasSettings) => apiRequest("POST", "/api/wip", { dragonId, ...body }) });
  const { mutateAsync } = mutation;

  const saveToServer = useCallback(
    async (manual: boolean) => {
      const { settings: body, snapshot: json } = latest.current;
      lastSaveAt.current = Date.now();
      try {
        await mutateAsync(body);
        lastSaved.current = json;
        if (manual) toast({ title: "Progress saved", description: "Pick up right here next time, on any device." });
      } catch (error) {
        if (isUnauthorizedError(error)) handleUnauthorized();
        else if (manual) toast({ title: "Error", description: "Failed to save your progress. Please try again.", variant: "destructive" });
      }
    },
    [mutateAsync],
  );

  // Autosave: every 5 seconds at most, only when something changed, only when signed in.
  const pending = mutation.isPending;
  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => {
      if (pending || latest.current.snapshot === lastSaved.current) return;
      if (Date.now() - lastSaveAt.current > AUTOSAVE_EVERY_MS) void saveToServer(false);
    }, 1000);
    return () => clearInterval(timer);
  }, [signedIn, pending, saveToServer]);

  // Signed out: keep the settings in this browser, so a reload loses nothing.
  useEffect(() => {
    if (signedIn) return;
    try {
      localStorage.setItem(localKey(dragonId), snapshot);
    } catch {
      // Storage full or disabled: the canvas still works, it just forgets on reload.
    }
  }, [signedIn, dragonId, snapshot]);

  return {
    settings,
    texts,
    saving: pending,
    setText: (name: keyof FieldTexts, value: string) => setTexts((t) => ({ ...t, [name]: value })),
    setZoom: (imageZoom: number) => setView((v) => ({ ...v, imageZoom: clampZoom(imageZoom) })),
    setOffset: (imageX: number, imageY: number) => setView((v) => ({ ...v, imageX, imageY })),
    setCurrentCell: (currentCell: string | null) => setView((v) => ({ ...v, currentCell })),
    save: () => saveToServer(true),
  };
}
