import { useEffect, useMemo, useReducer, useRef, type Dispatch } from "react";
import { useQuery } from "@tanstack/react-query";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { isNetworkError } from "../../lib/query-client";
import { apiQuery, apiQueryKey, callApiOrNullOn401 } from "../../lib/api-client";
import { toast } from "../../components/ui/use-toast";
import type { Orientation, PaperPreset, Unit } from "../../../shared/grid/paper";
import type { GridView } from "../../../shared/grid/grid-view";
import { keepProgress, keptProgress, readOutbox } from "./progress-on-this-device";
import { visitorCopyKey } from "../../lib/progress-keys";
import { noteVisitorDrawn, noteVisitorPracticeDay, visitorDrawings } from "../../lib/visitor-learning";
import { ladderStep, viewAtStep } from "../../../shared/grid/ladder";
import { GUIDE_PAPERS, type GuidePaper } from "../../lib/first-drawing-guide";
import {
  CANVAS_DEFAULTS,
  DROP_MARKS_AFTER_MS,
  canvasReducer,
  droppedMarksNotice,
  initialCanvasState,
  readCanvas,
  startingSettings,
  type CanvasAction,
  type CanvasSettings,
  type FieldTexts,
} from "./canvas-state";
import { useAutosave } from "./use-autosave";

function readVisitorCopy(dragonId: string): CanvasSettings | null {
  try {
    const raw = localStorage.getItem(visitorCopyKey(dragonId));
    return raw ? { ...CANVAS_DEFAULTS, ...(JSON.parse(raw) as Partial<CanvasSettings>) } : null;
  } catch {
    return null;
  }
}

/**
 * Where the canvas starts: saved progress when signed in (it overwrites the defaults), or a save
 * made offline that has not reached the server yet (`unsent`), or with neither, this browser's
 * visitor copy (`unsent` too); this browser's copy for visitors (no server call), else the
 * defaults. `ready` is false while unknown.
 */
export function useInitialSettings(
  dragonId: string,
  auth: { isAuthenticated: boolean; isLoading: boolean; user: { id: string } | null },
  guide: GuidePaper | null = null,
) {
  const userId = auth.user?.id ?? null;
  const saved = useQuery({
    queryKey: apiQueryKey("GET /api/wip/:dragonId", { params: { dragonId } }),
    // Offline, the progress this browser kept from the last answer or save (lib/on-this-device).
    queryFn: async () => {
      try {
        const progress = await callApiOrNullOn401("GET /api/wip/:dragonId", { params: { dragonId } });
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
  const local = useMemo(() => readVisitorCopy(dragonId), [dragonId]);
  const outbox = useMemo(() => (userId ? readOutbox(userId, dragonId) : null), [userId, dragonId]);
  // A drawing begun afresh starts at the learner's grid ladder step: their newest drawing's (decision 075).
  const fresh = !local && (auth.isAuthenticated ? !outbox && saved.isSuccess && !saved.data : !auth.isLoading);
  const drawings = useQuery({ ...apiQuery("GET /api/wip"), enabled: fresh && auth.isAuthenticated, staleTime: 0 });
  if (auth.isLoading || (auth.isAuthenticated && saved.isLoading) || (fresh && drawings.isLoading))
    return { ready: false, initial: CANVAS_DEFAULTS, unsent: false };
  if (fresh) {
    const newest = auth.isAuthenticated
      ? drawings.data?.[0]
      : visitorDrawings().sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
    const step = newest ? ladderStep(newest) : null;
    return {
      ready: true,
      // The guided first drawing starts on its large squares (decision 076).
      initial: { ...CANVAS_DEFAULTS, ...(step ? viewAtStep(step) : {}), ...(guide ? GUIDE_PAPERS[guide] : {}) },
      unsent: false,
    };
  }
  // A member with nothing saved for this dragon starts from what they drew here as a visitor (the
  // visitor's Save promised to keep it once they sign in); it is not saved yet, so it is sent.
  const adopted = auth.isAuthenticated && !outbox && !saved.data ? local : null;
  return {
    ready: true,
    initial: startingSettings(auth.isAuthenticated ? (outbox ?? saved.data ?? adopted) : local),
    unsent: Boolean(auth.isAuthenticated && (outbox || adopted)),
  };
}

/** Marks the grid no longer has are dropped, with a notice, once the grid has settled. */
function useDropMarks(dropped: readonly string[], dispatch: Dispatch<CanvasAction>) {
  // The i18n object, not `t`: it stays the same while catalogs load, so the timer is not restarted.
  const { i18n } = useLingui();
  const droppedKey = dropped.join(",");
  useEffect(() => {
    if (!droppedKey) return;
    const timer = setTimeout(() => {
      const labels = droppedKey.split(",");
      dispatch({ type: "dropMarks", labels });
      const { count, cells } = droppedMarksNotice(labels);
      toast({
        title: i18n._(msg({ message: plural(count, { one: "# done mark removed", other: "# done marks removed" }) })),
        description: i18n._(msg`The new grid has no cell ${cells}.`),
      });
    }, DROP_MARKS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [droppedKey, dispatch, i18n]);
}

/**
 * Signed out: keep the settings in this browser, so a reload loses nothing, with the progress a
 * visitor's browser keeps (decision 075): when this drawing was last worked on, and a cell newly
 * marked done makes today a day of practice.
 */
function useVisitorCopy(dragonId: string, signedIn: boolean, snapshot: string, settings: CanvasSettings) {
  useEffect(() => {
    if (signedIn) return;
    try {
      localStorage.setItem(visitorCopyKey(dragonId), snapshot);
    } catch {
      // Storage full or disabled: the canvas still works, it just forgets on reload.
    }
  }, [signedIn, dragonId, snapshot]);
  // Worked on: a cell marked or the grid's lines changed (never each move of a drag, nor opening it).
  const { doneCells, gridLines, diagonals } = settings;
  const work = `${doneCells.length}:${gridLines}:${diagonals}`;
  const opened = useRef(work);
  useEffect(() => {
    if (!signedIn && work !== opened.current) noteVisitorDrawn(dragonId);
  }, [signedIn, dragonId, work]);
  const doneBefore = useRef(doneCells);
  useEffect(() => {
    const before = new Set(doneBefore.current);
    doneBefore.current = doneCells;
    if (!signedIn && doneCells.some((label) => !before.has(label))) noteVisitorPracticeDay();
  }, [signedIn, doneCells]);
}

/**
 * The canvas's settings (canvas-state.ts's reducer) and their persistence: signed in, saved to the
 * server (use-autosave.ts); signed out, kept in this browser.
 */
export function useCanvasState(dragonId: string, userId: string | null, initial: CanvasSettings, unsent = false) {
  const [state, dispatch] = useReducer(canvasReducer, initial, initialCanvasState);
  const { settings, marks } = useMemo(() => readCanvas(state), [state]);
  const snapshot = useMemo(() => JSON.stringify(settings), [settings]);
  useDropMarks(marks.dropped, dispatch);
  const { saving, save } = useAutosave(dragonId, userId, settings, snapshot, initial, unsent);
  useVisitorCopy(dragonId, userId !== null, snapshot, settings);

  return {
    settings,
    texts: state.texts,
    saving,
    setText: (name: keyof FieldTexts, value: string) => dispatch({ type: "text", name, value }),
    /** A preset keeps the current orientation. */
    setPreset: (preset: PaperPreset, orientation: Orientation) => dispatch({ type: "preset", preset, orientation }),
    /** Portrait ↔ landscape: width and height change places. */
    swapOrientation: () => dispatch({ type: "swapOrientation" }),
    /** Inches ↔ centimetres: every length is converted, so the paper stays the same paper. */
    setUnit: (unit: Unit) => dispatch({ type: "unit", unit }),
    setZoom: (zoom: number) => dispatch({ type: "zoom", zoom }),
    setOffset: (imageX: number, imageY: number) => dispatch({ type: "offset", imageX, imageY }),
    setCurrentCell: (cell: string | null) => dispatch({ type: "currentCell", cell }),
    toggleDone: (label: string) => dispatch({ type: "toggleDone", label }),
    markDone: (labels: readonly string[]) => dispatch({ type: "markDone", labels }),
    resetDone: () => dispatch({ type: "resetDone" }),
    setGridView: (change: Partial<GridView>) => dispatch({ type: "gridView", change }),
    save,
  };
}
