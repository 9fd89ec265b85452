import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiRequest, getQueryFn, isNetworkError } from "../../lib/query-client";
import { toast } from "../../components/ui/use-toast";
import { handleUnauthorized, isUnauthorizedError } from "../../lib/unauthorized";
import { PAPER_DEFAULTS, clampZoom, gridDimensions, parseGridSize, parsePaperHeight, parsePaperWidth } from "../../../shared/grid";
import { convertLengths, detectPreset, presetSize, type Orientation, type PaperPreset, type Unit } from "../../../shared/paper";
import { keepDoneCellsInGrid, toggleDoneCell } from "../../../shared/done-cells";
import { GRID_VIEW_DEFAULTS, type GridView } from "../../../shared/grid-view";
import type { SavedWip } from "../../../shared/wip";
import { clearOutbox, keepProgress, keptProgress, readOutbox, writeOutbox } from "./progress-on-this-device";

/** The text in the three number fields; parsed (with the spec's fallbacks) into the settings. */
export interface FieldTexts {
  paperWidth: string;
  paperHeight: string;
  gridSize: string;
}

export type CanvasSettings = SavedWip;

const AUTOSAVE_EVERY_MS = 5000;
// A grid being typed passes through sizes the learner does not mean ("1" on the way to "12"):
// marks are dropped only once the grid has stayed the same this long.
const DROP_MARKS_AFTER_MS = 1200;
const localKey = (dragonId: string) => `dragon-grid:wip:${dragonId}`;

export const CANVAS_DEFAULTS: CanvasSettings = {
  paperWidth: PAPER_DEFAULTS.width,
  paperHeight: PAPER_DEFAULTS.height,
  gridSize: PAPER_DEFAULTS.gridSize,
  imageZoom: 1,
  imageX: 0,
  imageY: 0,
  currentCell: null,
  paperPreset: "letter",
  unit: "in",
  doneCells: [],
  ...GRID_VIEW_DEFAULTS,
};

function readLocal(dragonId: string): CanvasSettings | null {
  try {
    const raw = localStorage.getItem(localKey(dragonId));
    return raw ? { ...CANVAS_DEFAULTS, ...(JSON.parse(raw) as Partial<CanvasSettings>) } : null;
  } catch {
    return null;
  }
}

const readSaved = getQueryFn<SavedWip>({ on401: "returnNull" });

/**
 * Where the canvas starts: saved progress when signed in (it overwrites the defaults), or a save
 * made offline that has not reached the server yet (`unsent`); this browser's copy for visitors
 * (no server call), else the defaults. `ready` is false while unknown.
 */
export function useInitialSettings(dragonId: string, auth: { isAuthenticated: boolean; isLoading: boolean; user: { id: string } | null }) {
  const userId = auth.user?.id ?? null;
  const saved = useQuery<SavedWip | null>({
    queryKey: ["/api/wip", dragonId],
    // Offline, the progress this browser kept from the last answer or save (lib/on-this-device).
    queryFn: async (context) => {
      try {
        const progress = await readSaved(context);
        if (userId) keepProgress(userId, dragonId, progress);
        return progress;
      } catch (error) {
        if (isNetworkError(error) && userId) return keptProgress(userId, dragonId);
        throw error;
      }
    },
    enabled: auth.isAuthenticated,
    staleTime: 0,
    gcTime: 0,
  });
  const local = useMemo(() => readLocal(dragonId), [dragonId]);
  const outbox = useMemo(() => (userId ? readOutbox(userId, dragonId) : null), [userId, dragonId]);
  if (auth.isLoading || (auth.isAuthenticated && saved.isLoading)) return { ready: false, initial: CANVAS_DEFAULTS, unsent: false };
  const stored = auth.isAuthenticated ? (outbox ?? saved.data) : local;
  return {
    ready: true,
    initial: stored ? { ...CANVAS_DEFAULTS, ...stored, paperPreset: stored.paperPreset ?? null, imageZoom: clampZoom(stored.imageZoom) } : CANVAS_DEFAULTS,
    unsent: Boolean(auth.isAuthenticated && outbox),
  };
}

/**
 * The canvas's settings and their persistence. Signed in: the Save button saves, and a save
 * happens every 5 seconds when something changed; offline, the latest settings wait in this
 * browser's outbox and go once the connection returns. Signed out: the settings live in this browser.
 */
export function useCanvasState(dragonId: string, userId: string | null, initial: CanvasSettings, unsent = false) {
  const signedIn = userId !== null;
  const [texts, setTexts] = useState<FieldTexts>(() => ({ paperWidth: String(initial.paperWidth), paperHeight: String(initial.paperHeight), gridSize: String(initial.gridSize) }));
  const [unit, setUnitState] = useState<Unit>(initial.unit);
  const [view, setView] = useState(() => ({ imageZoom: initial.imageZoom, imageX: initial.imageX, imageY: initial.imageY, currentCell: initial.currentCell }));
  const [doneCells, setDoneCells] = useState<string[]>(initial.doneCells);
  const [gridView, setGridView] = useState<GridView>(() => ({
    gridColor: initial.gridColor,
    gridThickness: initial.gridThickness,
    gridOpacity: initial.gridOpacity,
    diagonals: initial.diagonals,
    imageMode: initial.imageMode,
  }));

  const lengths = useMemo(() => {
    const paperWidth = parsePaperWidth(texts.paperWidth);
    const paperHeight = parsePaperHeight(texts.paperHeight);
    // A grid square larger than the paper would make no grid at all: cap it for drawing and saving.
    const gridSize = Math.min(parseGridSize(texts.gridSize), Math.max(paperWidth, paperHeight));
    return { paperWidth, paperHeight, gridSize };
  }, [texts]);
  const { columns, rows } = gridDimensions(lengths.paperWidth, lengths.paperHeight, lengths.gridSize);
  const marks = useMemo(() => keepDoneCellsInGrid(doneCells, { columns, rows }), [doneCells, columns, rows]);

  const settings: CanvasSettings = useMemo(
    () => ({ ...lengths, ...view, paperPreset: detectPreset(lengths.paperWidth, lengths.paperHeight, unit), unit, doneCells: marks.kept, ...gridView }),
    [lengths, view, unit, marks.kept, gridView],
  );

  // Marks the grid no longer has are dropped, with a notice, once the grid has settled.
  const droppedKey = marks.dropped.join(",");
  useEffect(() => {
    if (!droppedKey) return;
    const timer = setTimeout(() => {
      const dropped = droppedKey.split(",");
      setDoneCells((cells) => cells.filter((label) => !dropped.includes(label)));
      toast({
        title: dropped.length === 1 ? "1 done mark removed" : `${dropped.length} done marks removed`,
        description: `The new grid has no cell ${dropped.slice(0, 5).join(", ")}${dropped.length > 5 ? "…" : ""}.`,
      });
    }, DROP_MARKS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [droppedKey]);

  const snapshot = JSON.stringify(settings);
  // What the canvas started from counts as saved, unless it is an offline save still to send.
  const lastSaved = useRef(unsent ? "" : JSON.stringify(initial));
  const lastSaveAt = useRef(0);
  const latest = useRef({ settings, snapshot });
  useEffect(() => {
    latest.current = { settings, snapshot };
  }, [settings, snapshot]);

  const mutation = useMutation({ mutationFn: (body: CanvasSettings) => apiRequest("POST", "/api/wip", { dragonId, ...body }) });
  const { mutateAsync } = mutation;

  const saveToServer = useCallback(
    async (manual: boolean) => {
      if (!userId) return;
      const { settings: body, snapshot: json } = latest.current;
      const sentAt = Date.now();
      lastSaveAt.current = sentAt;
      if (!navigator.onLine) {
        writeOutbox(userId, dragonId, body);
        if (manual) toast({ title: "Saved on this device", description: "You are offline. Your progress will be sent when the connection returns." });
        return;
      }
      try {
        await mutateAsync(body);
        lastSaved.current = json;
        keepProgress(userId, dragonId, body);
        // Only what was sent leaves the outbox: a newer offline change stays for the next save.
        clearOutbox(userId, dragonId, sentAt);
        if (manual) toast({ title: "Progress saved", description: "Pick up right here next time, on any device." });
      } catch (error) {
        if (isNetworkError(error)) {
          writeOutbox(userId, dragonId, body);
          if (manual) toast({ title: "Saved on this device", description: "The server could not be reached. Your progress will be sent when the connection returns." });
        } else if (isUnauthorizedError(error)) handleUnauthorized();
        else if (manual) toast({ title: "Error", description: "Failed to save your progress. Please try again.", variant: "destructive" });
      }
    },
    [mutateAsync, userId, dragonId],
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

  const pendingRef = useRef(pending);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);

  // Offline, every change goes to the outbox at once, so closing the tab loses nothing; back
  // online, what is waiting is sent (once: a successful save marks it saved and empties the outbox).
  useEffect(() => {
    if (!userId || navigator.onLine || snapshot === lastSaved.current) return;
    writeOutbox(userId, dragonId, latest.current.settings);
  }, [userId, dragonId, snapshot]);
  useEffect(() => {
    if (!userId) return;
    const onOnline = () => {
      if (latest.current.snapshot !== lastSaved.current && !pendingRef.current) void saveToServer(false);
    };
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [userId, saveToServer]);

  // Signed out: keep the settings in this browser, so a reload loses nothing.
  useEffect(() => {
    if (signedIn) return;
    try {
      localStorage.setItem(localKey(dragonId), snapshot);
    } catch {
      // Storage full or disabled: the canvas still works, it just forgets on reload.
    }
  }, [signedIn, dragonId, snapshot]);

  const setLengths = (next: { paperWidth: number; paperHeight: number; gridSize?: number }) =>
    setTexts((t) => ({ paperWidth: String(next.paperWidth), paperHeight: String(next.paperHeight), gridSize: next.gridSize === undefined ? t.gridSize : String(next.gridSize) }));

  return {
    settings,
    texts,
    saving: pending,
    setText: (name: keyof FieldTexts, value: string) => setTexts((t) => ({ ...t, [name]: value })),
    /** A preset keeps the current orientation. */
    setPreset: (preset: PaperPreset, orientation: Orientation) => {
      const size = presetSize(preset, unit, orientation);
      setLengths({ paperWidth: size.width, paperHeight: size.height });
    },
    /** Portrait ↔ landscape: width and height change places. */
    swapOrientation: () => setTexts((t) => ({ ...t, paperWidth: t.paperHeight, paperHeight: t.paperWidth })),
    /** Inches ↔ centimetres: every length is converted, so the paper stays the same paper. */
    setUnit: (next: Unit) => {
      if (next === unit) return;
      setLengths(convertLengths(lengths, unit, next));
      setUnitState(next);
    },
    setZoom: (imageZoom: number) => setView((v) => ({ ...v, imageZoom: clampZoom(imageZoom) })),
    setOffset: (imageX: number, imageY: number) => setView((v) => ({ ...v, imageX, imageY })),
    setCurrentCell: (currentCell: string | null) => setView((v) => ({ ...v, currentCell })),
    toggleDone: (label: string) => setDoneCells((cells) => toggleDoneCell(cells, label)),
    resetDone: () => setDoneCells([]),
    setGridView: (change: Partial<GridView>) => setGridView((v) => ({ ...v, ...change })),
    save: () => saveToServer(true),
  };
}
