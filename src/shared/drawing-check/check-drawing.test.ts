import { describe, expect, it } from "vitest";
import { checkDrawing, type CheckOutcome } from "./check-drawing";
import { matchingCells } from "./cell-check";
import { describeCell } from "./words";
import { describeCorrection } from "./corrections";
import { findSheet } from "./sheet-edges";
import {
  SYNTHETIC_PAPER,
  cornersByHand,
  registrationErrorsMm,
  syntheticPhoto,
  syntheticTemplate,
  type SyntheticPhoto,
} from "./synthetic-photo";
import type { Corners } from "./straighten";
import { templateLines } from "./reference";

// Photos of 1.9 MP keep the suite quick (a busy machine runs several such files at once); the
// benchmark (`npm run bench`) uses 12 MP ones.
const PX_PER_MM = 4;
const SIZE = { photoWidth: 1600, photoHeight: 1200 };
const template = syntheticTemplate(SYNTHETIC_PAPER, PX_PER_MM);
const input = (shot: SyntheticPhoto, corners: Corners = shot.corners) => ({
  photo: shot.photo,
  corners,
  paper: SYNTHETIC_PAPER,
  pxPerMm: PX_PER_MM,
  template,
});
const run = (shot: SyntheticPhoto, corners: Corners = shot.corners) => checkDrawing(input(shot, corners));
const cell = (outcome: CheckOutcome, label: string) => outcome.cells.find((c) => c.label === label)!;
const drawn = (outcome: CheckOutcome) => outcome.cells.filter((c) => c.status !== "empty" && c.status !== "not-drawn");

const byHand = (shot: SyntheticPhoto, mm = 2) => cornersByHand(shot, SYNTHETIC_PAPER, mm);
const registrationErrors = (shot: SyntheticPhoto, corners: Corners, outcome: CheckOutcome) =>
  registrationErrorsMm(shot, SYNTHETIC_PAPER, corners, outcome.offsets, PX_PER_MM);

describe("checking a drawing from a photo of the paper", () => {
  // Turned 25°, in perspective, lit unevenly, blurred and noisy (synthetic-photo.ts).
  const planted = syntheticPhoto({
    ...SIZE,
    moved: [
      { column: 4, row: 3, dx: 0, dy: 3 },
      { column: 7, row: 5, dx: 3, dy: 0 },
    ],
  });

  it("flags the cells whose lines were moved 3 mm, says which way, and finds every other drawn cell within tolerance", () => {
    const outcome = run(planted);
    expect(outcome.problem).toBeNull();
    expect(outcome.gridFound).toBeGreaterThan(0.9);
    const low = cell(outcome, "E4");
    expect(low.status).not.toBe("close");
    expect(low.errorMm).toBeGreaterThan(2);
    expect(low.offsetMm.y).toBeGreaterThan(2);
    expect(describeCell(low)).toBe("E4: lines about 3 mm low");
    const right = cell(outcome, "H6");
    expect(right.status).not.toBe("close");
    expect(describeCell(right)).toMatch(/^H6: lines about [23] mm to the right$/);
    const others = drawn(outcome).filter((c) => c.label !== "E4" && c.label !== "H6");
    expect(others.length).toBeGreaterThan(30);
    for (const other of others)
      expect({ label: other.label, status: other.status }).toEqual({ label: other.label, status: "close" });
    expect(matchingCells(outcome.cells)).not.toContain("E4");
    expect(matchingCells(outcome.cells)).not.toContain("H6");
  });

  // The pencil: the template's outlines; the shading: its colours in grey, as dark as a line where it is darkest.
  const pencil = { mask: templateLines(template).edges, pxPerMm: PX_PER_MM };
  const tone = new Float32Array(template.width * template.height);
  for (let i = 0; i < tone.length; i++) {
    const luma = (template.data[i * 4]! * 77 + template.data[i * 4 + 1]! * 150 + template.data[i * 4 + 2]! * 29) / 256;
    tone[i] = Math.min(1, Math.max(0, (250 - luma) / 155));
  }

  it("judges a shaded copy faithful (a grey print of the colour picture over the lines), and still flags the cell moved 3 mm", () => {
    const shaded = syntheticPhoto({ ...SIZE, seed: 4, pencil, tone, moved: [{ column: 4, row: 3, dx: 0, dy: 3 }] });
    const outcome = run(shaded);
    expect(cell(outcome, "E4").status).not.toBe("close");
    const others = drawn(outcome).filter((c) => c.label !== "E4");
    expect(others.length).toBeGreaterThan(30);
    for (const other of others)
      expect({ label: other.label, status: other.status }).toEqual({ label: other.label, status: "close" });
    // Its tone too: nothing to fix first.
    expect(outcome.corrections).toEqual([]);
  });

  it("judges tone on its own where the learner shaded: an area shaded too light is named, by its squares", () => {
    // Squares C5 to E6, inside the body, shaded at a third of the template's tone.
    const light = Float32Array.from(tone, (value, i) => {
      const [x, y] = [(i % template.width) / PX_PER_MM, Math.floor(i / template.width) / PX_PER_MM];
      return x >= 50.8 && x < 127 && y >= 101.6 && y < 152.4 ? value / 3 : value;
    });
    const outcome = run(syntheticPhoto({ photoWidth: 1600, photoHeight: 1200, seed: 8, pencil, tone: light }));
    expect(outcome.corrections).toEqual([{ kind: "tone", darker: false, from: "C5", to: "E6" }]);
    expect(describeCorrection(outcome.corrections[0]!)).toEqual({
      what: "Your shading in squares C5 to E6 is lighter than the template's.",
      where: null,
      todo: "Compare it with the areas beside it on the template, and add light layers of shading until it matches them.",
    });
    // The shapes are judged apart from the tone: every drawn square still matches.
    for (const other of drawn(outcome)) expect(other.status, other.label).toBe("close");
  });

  it("finds a drawing copied exactly within tolerance everywhere it is drawn, and places the grid within 1 mm", () => {
    // Every one of the 99 cells matching asks for a sharper photo than the other tests: 3 MP.
    const shot = syntheticPhoto({ photoWidth: 2000, photoHeight: 1500, seed: 11 });
    const outcome = run(shot);
    expect(drawn(outcome).every((c) => c.status === "close")).toBe(true);
    expect(matchingCells(outcome.cells)).toHaveLength(SYNTHETIC_PAPER.columns * SYNTHETIC_PAPER.rows);
    expect(outcome.corrections).toEqual([]);
    expect(Math.max(...registrationErrors(shot, shot.corners, outcome))).toBeLessThan(1);
  });

  it("corrects corners placed a couple of millimetres off by hand from the grid itself", () => {
    const corners = byHand(planted, 2);
    const outcome = run(planted, corners);
    expect(Math.max(...registrationErrors(planted, corners, outcome))).toBeLessThan(1);
    expect(describeCell(cell(outcome, "E4"))).toBe("E4: lines about 3 mm low");
    expect(
      drawn(outcome)
        .filter((c) => c.status !== "close")
        .map((c) => c.label)
        .sort(),
    ).toEqual(["E4", "H6"]);
  });

  it("says nothing about the whole drawing when the cells alone are off", () => {
    const outcome = run(planted);
    expect(outcome.corrections).toEqual([]);
    expect(Math.abs(outcome.kept!.stretchPercent!)).toBeLessThan(1);
  });

  it("says first that a drawing copied 5 % too large from its top left is too large, and where it is furthest off", () => {
    const outcome = run(syntheticPhoto({ ...SIZE, seed: 5, drawnAs: { scale: 1.05, aboutMm: { x: 20, y: 25 } } }));
    const [first] = outcome.corrections;
    expect(first).toMatchObject({ kind: "size", percent: 5, larger: true, towards: "bottom-right" });
    // Begun in the right place: its middle moving is the size, not a shift to correct as well.
    expect(outcome.corrections.map((c) => c.kind)).toEqual(["size"]);
    // Kept with the check as it is said: 5 % too large, begun in the right place.
    expect(outcome.kept).toMatchObject({ shiftMm: 0 });
    expect(outcome.kept!.sizePercent).toBeCloseTo(5, 0);
    expect(describeCorrection(first!)).toEqual({
      what: "Your whole drawing is about 5 % too large.",
      where: "It is furthest off towards the bottom right.",
      todo: "Check each square against the grid, not the last line you drew.",
    });
    // With the size taken out, what is left is close.
    const drawnAsIs = drawn(outcome).filter((c) => c.status === "close").length;
    const local = outcome.localCells!.filter((c) => c.status === "close").length;
    expect(local).toBeGreaterThan(drawnAsIs);
  });

  it("says that a part drawn 10 % too large is too large for the rest, naming its squares, and judges its cells again without it", () => {
    // The ring (columns I to K, rows 5 to 7) drawn 10 % too large about the middle of those squares.
    const part = { left: 8, top: 4, right: 10, bottom: 6 };
    const outcome = run(syntheticPhoto({ ...SIZE, seed: 6, partDrawnAs: { block: part, scale: 1.1 } }));
    const [first] = outcome.corrections;
    expect(first).toMatchObject({ kind: "part", larger: true });
    expect(outcome.corrections.map((c) => c.kind)).toEqual(["part"]);
    if (first?.kind !== "part") return;
    expect(first.percent).toBeGreaterThanOrEqual(8);
    expect(first.percent).toBeLessThanOrEqual(12);
    // The squares it names are the part's, give or take one.
    const at = (label: string) => ({ column: label.charCodeAt(0) - 65, row: Number(label.slice(1)) - 1 });
    expect(at(first.from).column).toBeGreaterThanOrEqual(part.left - 1);
    expect(at(first.to).column).toBeLessThanOrEqual(part.right + 1);
    expect(at(first.from).row).toBeGreaterThanOrEqual(part.top - 1);
    expect(at(first.to).row).toBeLessThanOrEqual(part.bottom + 1);
    expect(describeCorrection(first).what).toBe(
      `The part in squares ${first.from} to ${first.to} is about ${first.percent} % too large for the rest.`,
    );
    // With the part's size taken out, its squares are closer.
    const inPart = (c: { column: number; row: number }) =>
      c.column >= part.left && c.column <= part.right && c.row >= part.top && c.row <= part.bottom;
    const close = (cells: CheckOutcome["cells"]) => cells.filter((c) => inPart(c) && c.status === "close").length;
    expect(close(outcome.localCells!)).toBeGreaterThan(close(outcome.cells));
  });

  it("says first that a column of the learner's grid is ruled 3 mm narrow, and which line to redraw", () => {
    // The line between columns E and F ruled 3 mm to the left.
    const outcome = run(syntheticPhoto({ ...SIZE, seed: 4, gridLineOff: { axis: "vertical", line: 5, mm: -3 } }));
    expect(outcome.corrections[0]).toMatchObject({
      kind: "grid",
      axis: "column",
      label: "E",
      narrower: true,
      line: "end",
    });
    expect(describeCorrection(outcome.corrections[0]!).what).toBe(
      "Your grid's column E is about 3 mm narrower than the others: redraw the line on its right.",
    );
    const row = run(syntheticPhoto({ ...SIZE, seed: 6, gridLineOff: { axis: "horizontal", line: 3, mm: 2.5 } }));
    expect(row.corrections[0]).toMatchObject({ kind: "grid", axis: "row", label: "3", narrower: false, line: "end" });
    // Before anything is drawn on it, too.
    const blank = run(syntheticPhoto({ ...SIZE, blank: true, gridLineOff: { axis: "vertical", line: 2, mm: 2 } }));
    expect(blank.cells.every((c) => c.status === "not-drawn")).toBe(true);
    expect(blank.corrections).toEqual([
      expect.objectContaining({ kind: "grid", axis: "column", label: expect.stringMatching(/^[BC]$/) }),
    ]);
    expect(blank.evenGrid).toBe(false);
  });

  it("says first that the learner's grid is not square, against the sheet's own edges, and its drawing is judged in its squares", () => {
    // Upright lines ruled 2° off square, their tops to the right, and the drawing copied into those squares.
    const shot = syntheticPhoto({
      ...SIZE,
      seed: 5,
      tiltDegrees: -15,
      handRuled: { wobbleMm: 0.5 },
      gridLeans: { upright: 2 },
    });
    const sheet = findSheet(shot.photo);
    const outcome = checkDrawing({ ...input(shot), sheet });
    expect(outcome.corrections[0]).toMatchObject({ kind: "lean", lines: "upright", clockwise: true });
    expect(describeCorrection(outcome.corrections[0]!).what).toBe(
      "Your grid is not square: its upright lines lean about 2° to the right.",
    );
    expect(outcome.corrections).toHaveLength(1);
    // Copied square by square, it matches in every square it is drawn in.
    for (const other of drawn(outcome)) expect(other.status, other.label).toBe("close");
    // The same sheet without its edges (corners placed by hand): nothing said about the grid.
    expect(run(shot).corrections).toEqual([]);
  });

  it("says first that a drawing is turned 3° clockwise", () => {
    const outcome = run(syntheticPhoto({ ...SIZE, seed: 8, drawnAs: { degrees: 3, aboutMm: { x: 140, y: 108 } } }));
    expect(outcome.corrections[0]).toMatchObject({ kind: "turn", degrees: 3, clockwise: true });
  });

  it("says first that a drawing is about 6 % too wide for its height, and keeps how much", () => {
    // Drawn 3 % wider and 3 % less tall than the template, begun at its top left.
    const outcome = run(
      syntheticPhoto({ ...SIZE, seed: 9, drawnAs: { stretch: 1.03 / 0.97, aboutMm: { x: 25, y: 30 } } }),
    );
    const [first] = outcome.corrections;
    expect(first).toMatchObject({ kind: "stretch", wider: true });
    // Begun in the right place, and its area about right: neither a shift nor a size to say.
    expect(outcome.corrections.map((c) => c.kind)).toEqual(["stretch"]);
    if (first?.kind !== "stretch") return;
    expect(first.percent).toBeGreaterThanOrEqual(5);
    expect(first.percent).toBeLessThanOrEqual(7);
    expect(Math.abs(outcome.kept!.stretchPercent! - 6.2)).toBeLessThan(1.2);
    expect(describeCorrection(first).what).toBe(`Your drawing is about ${first.percent} % too wide for its height.`);
  });

  it("reports a blank printed page as not drawn yet everywhere, with nothing to mark done, and its grid even", () => {
    const outcome = run(syntheticPhoto({ ...SIZE, blank: true }));
    expect(outcome.problem).toBeNull();
    expect(outcome.cells.every((c) => c.status === "not-drawn")).toBe(true);
    expect(matchingCells(outcome.cells)).toEqual([]);
    // Every line measured, none off.
    expect(outcome.evenGrid).toBe(true);
  });

  it("says so when the photo is too dark, or the corners are not on the grid", () => {
    const shot = syntheticPhoto({ ...SIZE, blank: true });
    const dark = {
      ...shot,
      photo: { ...shot.photo, data: shot.photo.data.map((v, i) => (i % 4 === 3 ? v : v * 0.2)) },
    };
    expect(run(dark).problem).toBe("too-dark");
    const wrong = shot.corners.map((corner, i) => ({
      x: corner.x + (i % 2 ? 160 : -160),
      y: corner.y + (i < 2 ? -120 : 120),
    })) as Corners;
    expect(run(shot, wrong).problem).toBe("grid-not-found");
  });
});
