import { describe, expect, it } from "vitest";
import {
  CANVAS_DEFAULTS,
  canvasReducer,
  droppedMarksNotice,
  initialCanvasState,
  paperLengths,
  readCanvas,
  startingSettings,
  type CanvasAction,
  type CanvasSettings,
  type CanvasState,
} from "./canvas-state";
import { progressStateSchema } from "../../../shared/progress";

const open = (settings: Partial<CanvasSettings> = {}) => initialCanvasState({ ...CANVAS_DEFAULTS, ...settings });
const apply = (state: CanvasState, ...actions: CanvasAction[]) => actions.reduce(canvasReducer, state);
const settingsOf = (state: CanvasState) => readCanvas(state).settings;

describe("the canvas's settings", () => {
  it("open with nothing unsaved: the settings read back are the ones saved, key for key", () => {
    const saved: CanvasSettings = {
      ...CANVAS_DEFAULTS,
      paperWidth: 21,
      paperHeight: 29.7,
      gridSize: 3,
      imageZoom: 1.4,
      imageX: -2.5,
      imageY: 1,
      currentCell: "C4",
      paperPreset: "a4",
      unit: "cm",
      doneCells: ["A1", "B1", "C4"],
      gridColor: "accent",
      diagonals: true,
      imageMode: "values3",
    };
    expect(JSON.stringify(settingsOf(initialCanvasState(saved)))).toBe(JSON.stringify(saved));
    expect(JSON.stringify(settingsOf(initialCanvasState(CANVAS_DEFAULTS)))).toBe(JSON.stringify(CANVAS_DEFAULTS));
    // And what is saved is what the server accepts.
    expect(progressStateSchema.safeParse(settingsOf(initialCanvasState(saved))).success).toBe(true);
  });

  it("start from stored settings over the defaults, or the defaults", () => {
    expect(startingSettings(null)).toBe(CANVAS_DEFAULTS);
    // A copy from before the learner tools: the new fields take the defaults; the preset is recognised later.
    const old = startingSettings({
      paperWidth: 12,
      paperHeight: 9,
      gridSize: 2,
      imageZoom: 9,
      imageX: 1,
      imageY: 0,
      currentCell: null,
    });
    expect(old).toEqual({
      ...CANVAS_DEFAULTS,
      paperWidth: 12,
      paperHeight: 9,
      gridSize: 2,
      imageZoom: 3,
      imageX: 1,
      paperPreset: null,
    });
    expect(startingSettings({ ...CANVAS_DEFAULTS, imageZoom: Number.NaN }).imageZoom).toBe(1);
  });

  it("read the number fields with the spec's fallbacks, the grid no larger than the paper", () => {
    expect(paperLengths({ paperWidth: "14", paperHeight: "8.5", gridSize: "2" })).toEqual({
      paperWidth: 14,
      paperHeight: 8.5,
      gridSize: 2,
    });
    expect(paperLengths({ paperWidth: "", paperHeight: "abc", gridSize: "0.5" })).toEqual({
      paperWidth: 11,
      paperHeight: 8.5,
      gridSize: 1,
    });
    expect(paperLengths({ paperWidth: "5", paperHeight: "4", gridSize: "9" })).toEqual({
      paperWidth: 5,
      paperHeight: 4,
      gridSize: 5,
    });
    const state = apply(
      open(),
      { type: "text", name: "gridSize", value: "2" },
      { type: "text", name: "paperWidth", value: "12" },
    );
    expect(state.texts).toEqual({ paperWidth: "12", paperHeight: "8.5", gridSize: "2" });
    expect(readCanvas(state).grid).toEqual({ columns: 6, rows: 5 });
    // The field keeps what was typed while the settings use the fallback.
    const typing = apply(open(), { type: "text", name: "paperWidth", value: "" });
    expect(typing.texts.paperWidth).toBe("");
    expect(settingsOf(typing).paperWidth).toBe(11);
  });

  it("recognise the preset from the sizes, either way round", () => {
    expect(settingsOf(open()).paperPreset).toBe("letter");
    expect(settingsOf(apply(open(), { type: "swapOrientation" })).paperPreset).toBe("letter");
    expect(settingsOf(apply(open(), { type: "text", name: "paperWidth", value: "12" })).paperPreset).toBeNull();
  });

  it("take a preset's size in the current orientation and unit, keeping the grid size", () => {
    const landscape = apply(open({ gridSize: 2 }), { type: "preset", preset: "a4", orientation: "landscape" });
    expect(landscape.texts).toEqual({ paperWidth: "11.69", paperHeight: "8.27", gridSize: "2" });
    expect(settingsOf(landscape).paperPreset).toBe("a4");
    const portrait = apply(open({ unit: "cm", paperWidth: 21.59, paperHeight: 27.94 }), {
      type: "preset",
      preset: "a3",
      orientation: "portrait",
    });
    expect(portrait.texts).toMatchObject({ paperWidth: "29.7", paperHeight: "42" });
  });

  it("swap width and height, as typed", () => {
    const state = apply(open(), { type: "text", name: "paperHeight", value: "8." }, { type: "swapOrientation" });
    expect(state.texts).toEqual({ paperWidth: "8.", paperHeight: "11", gridSize: "1" });
  });

  it("convert every length when the unit changes, so the paper stays the same paper", () => {
    const cm = apply(open({ gridSize: 2 }), { type: "unit", unit: "cm" });
    expect(cm.unit).toBe("cm");
    // A 2 in square is offered as 5 cm, a round size (decision 051), not 5.08.
    expect(cm.texts).toEqual({ paperWidth: "27.94", paperHeight: "21.59", gridSize: "5" });
    expect(settingsOf(cm).paperPreset).toBe("letter");
    expect(apply(cm, { type: "unit", unit: "in" }).texts).toEqual({
      paperWidth: "11",
      paperHeight: "8.5",
      gridSize: "2",
    });
    // The grid stays at least 1 in every unit: 1 cm becomes 1 in, not 0.39.
    expect(
      apply(open({ unit: "cm", paperWidth: 30, paperHeight: 20 }), { type: "unit", unit: "in" }).texts.gridSize,
    ).toBe("1");
    // Choosing the unit already in use changes nothing, not even the typed text.
    const typing = apply(open(), { type: "text", name: "paperWidth", value: "11.0" });
    expect(canvasReducer(typing, { type: "unit", unit: "in" })).toBe(typing);
  });

  it("keep the zoom within 0.5–3, and move the image and the open cell", () => {
    expect(settingsOf(apply(open(), { type: "zoom", zoom: 5 })).imageZoom).toBe(3);
    expect(settingsOf(apply(open(), { type: "zoom", zoom: 0.1 })).imageZoom).toBe(0.5);
    expect(settingsOf(apply(open(), { type: "zoom", zoom: Number.NaN })).imageZoom).toBe(1);
    expect(settingsOf(apply(open(), { type: "zoom", zoom: 1.6 })).imageZoom).toBe(1.6);
    const moved = settingsOf(
      apply(open(), { type: "offset", imageX: -1.5, imageY: 2 }, { type: "currentCell", cell: "D2" }),
    );
    expect(moved).toMatchObject({ imageX: -1.5, imageY: 2, currentCell: "D2" });
    expect(settingsOf(apply(open({ currentCell: "D2" }), { type: "currentCell", cell: null })).currentCell).toBeNull();
  });

  it("mark cells done in reading order, unmark and reset them", () => {
    const marked = apply(
      open(),
      { type: "toggleDone", label: "B2" },
      { type: "toggleDone", label: "C1" },
      { type: "toggleDone", label: "A2" },
    );
    expect(settingsOf(marked).doneCells).toEqual(["C1", "A2", "B2"]);
    expect(settingsOf(apply(marked, { type: "toggleDone", label: "A2" })).doneCells).toEqual(["C1", "B2"]);
    expect(settingsOf(apply(marked, { type: "resetDone" })).doneCells).toEqual([]);
    // A drawing check marks its matching cells at once; cells already done stay done, none twice.
    expect(settingsOf(apply(marked, { type: "markDone", labels: ["A1", "B2", "D3"] })).doneCells).toEqual([
      "A1",
      "C1",
      "A2",
      "B2",
      "D3",
    ]);
  });

  it("change the grid's look a part at a time", () => {
    const state = apply(
      open(),
      { type: "gridView", change: { gridColor: "light" } },
      { type: "gridView", change: { gridOpacity: 0.5, diagonals: true } },
    );
    expect(settingsOf(state)).toMatchObject({
      gridColor: "light",
      gridThickness: 1,
      gridOpacity: 0.5,
      diagonals: true,
      imageMode: "color",
    });
  });

  it("leave marks outside a smaller grid out of what is saved at once, but drop them from the list only when told", () => {
    const marked = open({ doneCells: ["A1", "K9"] });
    const smaller = apply(marked, { type: "text", name: "gridSize", value: "2" });
    expect(readCanvas(smaller).marks).toEqual({ kept: ["A1"], dropped: ["K9"] });
    expect(settingsOf(smaller).doneCells).toEqual(["A1"]);
    // The grid back as it was before the marks were dropped (a size typed on the way): nothing lost.
    expect(settingsOf(apply(smaller, { type: "text", name: "gridSize", value: "1" })).doneCells).toEqual(["A1", "K9"]);
    const dropped = apply(
      smaller,
      { type: "dropMarks", labels: ["K9"] },
      { type: "text", name: "gridSize", value: "1" },
    );
    expect(settingsOf(dropped).doneCells).toEqual(["A1"]);
    expect(readCanvas(dropped).marks.dropped).toEqual([]);
  });

  it("name the dropped marks in the notice, the first five", () => {
    expect(droppedMarksNotice(["K9"])).toEqual({ count: 1, cells: "K9" });
    expect(droppedMarksNotice(["G1", "H1", "I1", "J1", "K1", "G2"])).toEqual({
      count: 6,
      cells: "G1, H1, I1, J1, K1…",
    });
  });
});
