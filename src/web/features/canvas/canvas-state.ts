// The canvas's settings as a pure reducer: every change the learner makes is an action, and what
// the canvas draws and saves is read from the state by the selectors below. No React, no DOM, so
// the server test project checks it directly (canvas-state.test.ts).
import {
  PAPER_DEFAULTS,
  clampZoom,
  gridDimensions,
  parseGridSize,
  parsePaperHeight,
  parsePaperWidth,
} from "../../../shared/grid/grid";
import {
  convertLengths,
  detectPreset,
  presetSize,
  type Orientation,
  type PaperLengths,
  type PaperPreset,
  type Unit,
} from "../../../shared/grid/paper";
import { keepDoneCellsInGrid, sortReadingOrder, toggleDoneCell } from "../../../shared/grid/done-cells";
import { GRID_VIEW_DEFAULTS, type GridView } from "../../../shared/grid/grid-view";
import type { SavedProgress } from "../../../shared/progress/responses";

/** The text in the three number fields; parsed (with the spec's fallbacks) into the settings. */
export interface FieldTexts {
  paperWidth: string;
  paperHeight: string;
  gridSize: string;
}

export type CanvasSettings = SavedProgress;

// Key order matters: the saved snapshot is compared as JSON, and `readCanvas` builds the same
// order, so a canvas opened from saved settings has nothing unsaved.
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

/** Where the image sits and which cell the viewer shows. */
export interface CanvasView {
  imageZoom: number;
  imageX: number;
  imageY: number;
  currentCell: string | null;
}

export interface CanvasState {
  texts: FieldTexts;
  unit: Unit;
  view: CanvasView;
  /** The learner's marks, including any the grid no longer has until they are dropped. */
  doneCells: string[];
  gridView: GridView;
}

export type CanvasAction =
  | { type: "text"; name: keyof FieldTexts; value: string }
  /** A preset keeps the given orientation (and the grid size). */
  | { type: "preset"; preset: PaperPreset; orientation: Orientation }
  /** Portrait ↔ landscape: width and height change places. */
  | { type: "swapOrientation" }
  /** Inches ↔ centimetres: every length is converted, so the paper stays the same paper. */
  | { type: "unit"; unit: Unit }
  | { type: "zoom"; zoom: number }
  | { type: "offset"; imageX: number; imageY: number }
  | { type: "currentCell"; cell: string | null }
  | { type: "toggleDone"; label: string }
  /** Several cells marked done at once (a drawing check's matching cells); those already done stay done. */
  | { type: "markDone"; labels: readonly string[] }
  | { type: "resetDone" }
  | { type: "gridView"; change: Partial<GridView> }
  /** Marks the grid no longer has leave the learner's list (after the grid has settled). */
  | { type: "dropMarks"; labels: readonly string[] };

/**
 * The settings a canvas starts from: stored ones (saved progress, an outbox entry or a visitor's
 * copy) over the defaults, or the defaults. A stored zoom out of range is brought back in.
 */
export function startingSettings(stored: Partial<CanvasSettings> | null): CanvasSettings {
  if (!stored) return CANVAS_DEFAULTS;
  return {
    ...CANVAS_DEFAULTS,
    ...stored,
    paperPreset: stored.paperPreset ?? null,
    imageZoom: clampZoom(stored.imageZoom ?? CANVAS_DEFAULTS.imageZoom),
  };
}

export function initialCanvasState(initial: CanvasSettings): CanvasState {
  return {
    texts: {
      paperWidth: String(initial.paperWidth),
      paperHeight: String(initial.paperHeight),
      gridSize: String(initial.gridSize),
    },
    unit: initial.unit,
    view: {
      imageZoom: initial.imageZoom,
      imageX: initial.imageX,
      imageY: initial.imageY,
      currentCell: initial.currentCell,
    },
    doneCells: initial.doneCells,
    gridView: {
      gridColor: initial.gridColor,
      gridThickness: initial.gridThickness,
      gridOpacity: initial.gridOpacity,
      diagonals: initial.diagonals,
      gridLines: initial.gridLines,
      imageMode: initial.imageMode,
      outlineDetail: initial.outlineDetail,
    },
  };
}

function withLengths(
  texts: FieldTexts,
  next: { paperWidth: number; paperHeight: number; gridSize?: number },
): FieldTexts {
  return {
    paperWidth: String(next.paperWidth),
    paperHeight: String(next.paperHeight),
    gridSize: next.gridSize === undefined ? texts.gridSize : String(next.gridSize),
  };
}

export function canvasReducer(state: CanvasState, action: CanvasAction): CanvasState {
  switch (action.type) {
    case "text":
      return { ...state, texts: { ...state.texts, [action.name]: action.value } };
    case "preset": {
      const size = presetSize(action.preset, state.unit, action.orientation);
      return { ...state, texts: withLengths(state.texts, { paperWidth: size.width, paperHeight: size.height }) };
    }
    case "swapOrientation":
      return {
        ...state,
        texts: { ...state.texts, paperWidth: state.texts.paperHeight, paperHeight: state.texts.paperWidth },
      };
    case "unit":
      if (action.unit === state.unit) return state;
      return {
        ...state,
        unit: action.unit,
        texts: withLengths(state.texts, convertLengths(paperLengths(state.texts), state.unit, action.unit)),
      };
    case "zoom":
      return { ...state, view: { ...state.view, imageZoom: clampZoom(action.zoom) } };
    case "offset":
      return { ...state, view: { ...state.view, imageX: action.imageX, imageY: action.imageY } };
    case "currentCell":
      return { ...state, view: { ...state.view, currentCell: action.cell } };
    case "toggleDone":
      return { ...state, doneCells: toggleDoneCell(state.doneCells, action.label) };
    case "markDone":
      return { ...state, doneCells: sortReadingOrder([...new Set([...state.doneCells, ...action.labels])]) };
    case "resetDone":
      return { ...state, doneCells: [] };
    case "gridView":
      return { ...state, gridView: { ...state.gridView, ...action.change } };
    case "dropMarks":
      return { ...state, doneCells: state.doneCells.filter((label) => !action.labels.includes(label)) };
  }
}

/** The lengths the fields mean, with the spec's fallbacks. */
export function paperLengths(texts: FieldTexts): PaperLengths {
  const paperWidth = parsePaperWidth(texts.paperWidth);
  const paperHeight = parsePaperHeight(texts.paperHeight);
  // A grid square larger than the paper would make no grid at all: cap it for drawing and saving.
  const gridSize = Math.min(parseGridSize(texts.gridSize), Math.max(paperWidth, paperHeight));
  return { paperWidth, paperHeight, gridSize };
}

/**
 * Everything read from the state: the lengths, the grid, the marks it still has (drawn and saved at
 * once) and those it no longer has (dropped later), and the settings drawn and saved.
 */
export function readCanvas(state: CanvasState) {
  const lengths = paperLengths(state.texts);
  const grid = gridDimensions(lengths.paperWidth, lengths.paperHeight, lengths.gridSize);
  const marks = keepDoneCellsInGrid(state.doneCells, grid);
  const settings: CanvasSettings = {
    ...lengths,
    ...state.view,
    paperPreset: detectPreset(lengths.paperWidth, lengths.paperHeight, state.unit),
    unit: state.unit,
    doneCells: marks.kept,
    ...state.gridView,
  };
  return { lengths, grid, marks, settings };
}

// A grid being typed passes through sizes the learner does not mean ("1" on the way to "12"):
// marks are dropped only once the grid has stayed the same this long.
export const DROP_MARKS_AFTER_MS = 1200;

/**
 * What the notice shown when marks are dropped says: how many, and the first few cells by name
 * (its words are in use-canvas-state.ts, in the learner's language).
 */
export function droppedMarksNotice(dropped: readonly string[]): { count: number; cells: string } {
  return { count: dropped.length, cells: `${dropped.slice(0, 5).join(", ")}${dropped.length > 5 ? "…" : ""}` };
}
