import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { cellLabel, PAPER_MAX } from "../grid/grid";
import { PAPER_PRESETS, presetSize, type Orientation, type PaperPreset, type Unit } from "../grid/paper";
import {
  CELL_LABEL_MAX_PT,
  DEFAULT_MARGIN_MM,
  OVERLAP_MM,
  CELL_SHEET_MIN_PT,
  cellLabelBox,
  cellSheetGrid,
  cornerMarks,
  POINTS_PER_MM,
  STROKE_PAD_PT,
  defaultSheet,
  layoutPrint,
  parseMargin,
  sheetSize,
  trimmedMm,
  type PrintLayout,
} from "./pdf-layout";

const close = (actual: number, expected: number, within = 1e-6) =>
  expect(Math.abs(actual - expected)).toBeLessThan(within);

/** Every rule a layout keeps, whatever the paper, sheet and margin. */
function expectSound(layout: PrintLayout, paperWidth: number, paperHeight: number, marginMm: number) {
  const margin = marginMm * POINTS_PER_MM;
  const { scale, overlap } = layout;
  expect(layout.sheets).toHaveLength(layout.rows * layout.columns);
  for (const sheet of layout.sheets) {
    // Inside the margin, with room for half the thickest stroke.
    expect(sheet.x).toBeGreaterThanOrEqual(margin + (marginMm > 0 ? STROKE_PAD_PT : 0) - 1e-6);
    expect(sheet.y).toBeGreaterThanOrEqual(margin + (marginMm > 0 ? STROKE_PAD_PT : 0) - 1e-6);
    expect(sheet.x + sheet.region.width * scale).toBeLessThanOrEqual(layout.width - margin + 1e-6);
    expect(sheet.y + sheet.region.height * scale).toBeLessThanOrEqual(layout.height - margin + 1e-6);
    expect(sheet.shares).toEqual({
      left: sheet.column > 1,
      right: sheet.column < layout.columns,
      top: sheet.row > 1,
      bottom: sheet.row < layout.rows,
    });
  }
  // The parts cover the paper edge to edge, but for the strip the printer cannot reach on a paper
  // the sheet holds, neighbours sharing exactly the overlap.
  const row = layout.sheets.filter((s) => s.row === 1);
  const column = layout.sheets.filter((s) => s.column === 1);
  if (layout.sheets.length === 1) {
    const strip = trimmedMm(layout, paperWidth, paperHeight);
    const [sheet] = layout.sheets;
    for (const side of ["left", "right", "top", "bottom"] as const) {
      // Up to half a hundredth of an inch more where a preset's size is rounded (A4 is 8.27 in).
      expect(strip[side]).toBeLessThanOrEqual(marginMm + STROKE_PAD_PT / POINTS_PER_MM + 0.127 + 1e-6);
      expect(strip[side] > 0.5 / POINTS_PER_MM).toBe(sheet!.trimmed[side]);
    }
    return;
  }
  close(row[0]!.region.x, 0);
  close(column[0]!.region.y, 0);
  close(row.at(-1)!.region.x + row.at(-1)!.region.width, paperWidth);
  close(column.at(-1)!.region.y + column.at(-1)!.region.height, paperHeight);
  for (const [i, s] of row.slice(1).entries()) close(row[i]!.region.x + row[i]!.region.width - s.region.x, overlap);
  for (const [i, s] of column.slice(1).entries())
    close(column[i]!.region.y + column[i]!.region.height - s.region.y, overlap);
  if (layout.labelBox) {
    expect(layout.labelBox.y + layout.labelBox.height).toBeLessThanOrEqual(layout.height - margin + 1e-6);
    expect(layout.labelBox.x).toBeGreaterThanOrEqual(margin);
    expect(layout.labelBox.x + layout.labelBox.width).toBeLessThanOrEqual(layout.width - margin + 1e-6);
    for (const sheet of layout.sheets)
      expect(sheet.y + sheet.region.height * scale).toBeLessThanOrEqual(layout.labelBox.y + 1e-6);
  }
}

describe("print layout", () => {
  it("sheets are their exact sizes in points", () => {
    expect(sheetSize("letter", "portrait")).toEqual({ width: 612, height: 792 });
    expect(sheetSize("legal", "landscape")).toEqual({ width: 1008, height: 612 });
    close(sheetSize("a4", "portrait").width, 595.2756, 1e-3);
    close(sheetSize("a4", "portrait").height, 841.8898, 1e-3);
  });

  it("Letter paper on Letter sheets with the default quarter-inch margin: one sheet, edge on edge, true scale, the strip the printer cannot reach left blank", () => {
    const layout = layoutPrint({
      paperWidth: 11,
      paperHeight: 8.5,
      unit: "in",
      sheet: "letter",
      marginMm: DEFAULT_MARGIN_MM,
    });
    expect([layout.orientation, layout.rows, layout.columns, layout.width, layout.height]).toEqual([
      "landscape",
      1,
      1,
      792,
      612,
    ]);
    expect(layout.scale).toBe(72);
    expect(layout.labelBox).toBeNull();
    const [sheet] = layout.sheets;
    // The paper's corner on the sheet's corner: the sheet's edge is the grid's edge.
    close(sheet!.x - sheet!.region.x * layout.scale, 0);
    close(sheet!.y - sheet!.region.y * layout.scale, 0);
    const inset = DEFAULT_MARGIN_MM * POINTS_PER_MM + STROKE_PAD_PT;
    expect(sheet!.x).toBeCloseTo(inset, 9);
    close(sheet!.region.width, 11 - (2 * inset) / 72);
    close(sheet!.region.height, 8.5 - (2 * inset) / 72);
    expect(sheet!.trimmed).toEqual({ left: true, right: true, top: true, bottom: true });
    expectSound(layout, 11, 8.5, DEFAULT_MARGIN_MM);
  });

  it("Legal paper on Letter sheets, larger than the sheet: two sheets, true scale, the overlap shared", () => {
    const layout = layoutPrint({
      paperWidth: 14,
      paperHeight: 8.5,
      unit: "in",
      sheet: "letter",
      marginMm: DEFAULT_MARGIN_MM,
    });
    expect(layout.orientation).toBe("portrait");
    expect([layout.rows, layout.columns]).toEqual([1, 2]);
    expect(layout.scale).toBe(72);
    close(layout.overlap, OVERLAP_MM / 25.4);
    // Both halves the same width: (14 in + the overlap) / 2.
    for (const sheet of layout.sheets) close(sheet.region.width, (14 + layout.overlap) / 2);
    expect(layout.sheets.map((s) => s.region.height)).toEqual([8.5, 8.5]);
    expect(layout.labelBox).not.toBeNull();
    expectSound(layout, 14, 8.5, DEFAULT_MARGIN_MM);
  });

  it("every preset on its own sheet, in either unit and either way round: one sheet, true scale, marks inside the grid's corners", () => {
    for (const preset of PAPER_PRESETS) {
      for (const unit of ["in", "cm"] as Unit[]) {
        for (const orientation of ["portrait", "landscape"] as Orientation[]) {
          const { width, height } = presetSize(preset, unit, orientation);
          const request = { paperWidth: width, paperHeight: height, unit, sheet: preset, marginMm: DEFAULT_MARGIN_MM };
          const layout = layoutPrint(request);
          const name = `${preset} ${unit} ${orientation}`;
          expect(layout.sheets, name).toHaveLength(1);
          expect(layout.orientation, name).toBe(orientation);
          expect(layout.scale, name).toBeCloseTo(unit === "in" ? 72 : 72 / 2.54, 9);
          expect(Object.values(layout.sheets[0]!.trimmed).every(Boolean), name).toBe(true);
          expect(cornerMarks(layout, request), name).toBe("inside");
          expectSound(layout, width, height, DEFAULT_MARGIN_MM);
          // No margin: the whole paper, edge to edge.
          const borderless = layoutPrint({ ...request, marginMm: 0 });
          expect(borderless.sheets, name).toHaveLength(1);
          expect(Object.values(borderless.sheets[0]!.trimmed).some(Boolean), name).toBe(false);
        }
      }
    }
  });

  it("tiles only a paper larger than the sheet: a tenth of an inch more takes two", () => {
    const request = { paperWidth: 11.1, paperHeight: 8.5, unit: "in" as Unit, sheet: "letter" as PaperPreset };
    const layout = layoutPrint({ ...request, marginMm: DEFAULT_MARGIN_MM });
    expect(layout.sheets).toHaveLength(2);
    expect(cornerMarks(layout, { ...request, marginMm: DEFAULT_MARGIN_MM })).toBeNull();
    expectSound(layout, 11.1, 8.5, DEFAULT_MARGIN_MM);
  });

  it("a paper that fits inside the printable area takes one sheet, centred, in the paper's own orientation", () => {
    const layout = layoutPrint({
      paperWidth: 9,
      paperHeight: 6,
      unit: "in",
      sheet: "letter",
      marginMm: DEFAULT_MARGIN_MM,
    });
    expect(layout.sheets).toHaveLength(1);
    expect(layout.orientation).toBe("landscape");
    expect(layout.labelBox).toBeNull();
    const [sheet] = layout.sheets;
    expect(sheet!.region).toEqual({ x: 0, y: 0, width: 9, height: 6 });
    expect([sheet!.x, sheet!.y]).toEqual([(792 - 9 * 72) / 2, (612 - 6 * 72) / 2]);
    expectSound(layout, 9, 6, DEFAULT_MARGIN_MM);
  });

  it("a margin of 0 prints the paper edge to edge on its own sheet size", () => {
    const layout = layoutPrint({ paperWidth: 11, paperHeight: 8.5, unit: "in", sheet: "letter", marginMm: 0 });
    expect(layout.sheets).toHaveLength(1);
    expect([layout.width, layout.height, layout.sheets[0]!.x, layout.sheets[0]!.y]).toEqual([792, 612, 0, 0]);
  });

  it("a larger sheet needs fewer sheets; a wider margin only a wider blank strip", () => {
    const base = { paperWidth: 29.7, paperHeight: 21, unit: "cm" as Unit };
    const a3 = layoutPrint({ ...base, sheet: "a3", marginMm: DEFAULT_MARGIN_MM });
    expect(a3.sheets).toHaveLength(1);
    expect(Object.values(a3.sheets[0]!.trimmed).some(Boolean)).toBe(false);
    expect(layoutPrint({ ...base, sheet: "a5", marginMm: DEFAULT_MARGIN_MM }).sheets.length).toBeGreaterThan(2);
    // A paper a little larger than the printable area but no larger than the sheet stays on one sheet.
    const a4 = layoutPrint({ ...base, paperWidth: 29, sheet: "a4", marginMm: 25.4 });
    expect(a4.sheets).toHaveLength(1);
    expect(a4.sheets[0]!.trimmed).toEqual({ left: true, right: true, top: true, bottom: true });
    expect(a4.scale).toBeCloseTo(72 / 2.54, 9);
    expectSound(a4, 29, 21, 25.4);
  });

  it("a poster splits into rows and columns, turning the sheet the way that needs fewer", () => {
    const layout = layoutPrint({
      paperWidth: 30,
      paperHeight: 20,
      unit: "in",
      sheet: "letter",
      marginMm: DEFAULT_MARGIN_MM,
    });
    const turned = layoutPrint({
      paperWidth: 20,
      paperHeight: 30,
      unit: "in",
      sheet: "letter",
      marginMm: DEFAULT_MARGIN_MM,
    });
    // 30 x 20 in: 3 x 3 landscape sheets (4 x 3 portrait would be 12).
    expect([layout.orientation, layout.rows, layout.columns]).toEqual(["landscape", 3, 3]);
    // 20 x 30 in: 5 x 2 landscape sheets against 4 x 3 portrait, the paper's own way.
    expect([turned.orientation, turned.rows, turned.columns]).toEqual(["landscape", 5, 2]);
    expect(layout.sheets.map((s) => s.number)).toEqual(layout.sheets.map((_, i) => i + 1));
    expect(layout.sheets[1]).toMatchObject({ row: 1, column: 2 });
    expectSound(layout, 30, 20, DEFAULT_MARGIN_MM);
    expectSound(turned, 20, 30, DEFAULT_MARGIN_MM);
  });

  it("keeps its rules for every sheet, unit and a range of papers and margins", () => {
    for (const sheet of PAPER_PRESETS) {
      for (const unit of ["in", "cm"] as Unit[]) {
        for (const [w, h] of [
          [1, 1],
          [5.5, 4.25],
          [11, 8.5],
          [21, 29.7],
          [48, 36],
          [PAPER_MAX, 3],
        ]) {
          for (const marginMm of [0, 3, DEFAULT_MARGIN_MM, 25.4]) {
            expectSound(
              layoutPrint({ paperWidth: w!, paperHeight: h!, unit, sheet: sheet as PaperPreset, marginMm }),
              w!,
              h!,
              marginMm,
            );
          }
        }
      }
    }
  });

  it("the overlap is wider than the widest cell label, so each label is whole on some sheet", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const widest = cellLabel({ column: PAPER_MAX - 1, row: PAPER_MAX - 1 });
    expect(widest).toBe("GR200");
    const box = cellLabelBox(font.widthOfTextAtSize(widest, CELL_LABEL_MAX_PT), CELL_LABEL_MAX_PT);
    expect(box.width).toBeLessThan(OVERLAP_MM * POINTS_PER_MM);
    expect(box.height).toBeLessThan(OVERLAP_MM * POINTS_PER_MM);
  });

  it("offers the paper's own sheet, else the unit's usual one", () => {
    expect(defaultSheet("legal", "in")).toBe("legal");
    expect(defaultSheet(null, "in")).toBe("letter");
    expect(defaultSheet(null, "cm")).toBe("a4");
  });

  it("reads the margin field in the canvas's unit and refuses what is not a margin", () => {
    expect(parseMargin("0.25", "in")).toEqual({ mm: 6.35 });
    expect(parseMargin("0.635", "cm")).toEqual({ mm: 6.35 });
    expect(parseMargin("0", "in")).toEqual({ mm: 0 });
    expect(parseMargin("1", "in")).toEqual({ mm: 25.4 });
    expect(parseMargin("", "in")).toEqual({ error: "Enter a margin from 0 to 1 in." });
    expect(parseMargin("abc", "cm")).toEqual({ error: "Enter a margin from 0 to 2.54 cm." });
    expect(parseMargin("-0.1", "in")).toEqual({ error: "Enter a margin from 0 to 1 in." });
    expect(parseMargin("1.5", "in")).toEqual({ error: "Enter a margin from 0 to 1 in." });
    // The message in another language: one whole sentence per unit, the largest margin as a value.
    const translate = (id: string, values?: Record<string, string | number>) => `${id} ${JSON.stringify(values)}`;
    expect(parseMargin("abc", "cm", translate)).toEqual({ error: 'Enter a margin from 0 to {max} cm. {"max":2.54}' });
    expect(parseMargin("2", "in", translate)).toEqual({ error: 'Enter a margin from 0 to {max} in. {"max":1}' });
  });
});

describe("the drawing check's corner marks on the blank grid page", () => {
  it("go outside the grid's corners where the sheet has room, else inside them when the blank strip leaves room, else nowhere", () => {
    const marks = (paperWidth: number, paperHeight: number, marginMm = DEFAULT_MARGIN_MM) => {
      const request = { paperWidth, paperHeight, unit: "in" as Unit, sheet: "letter" as PaperPreset, marginMm };
      return cornerMarks(layoutPrint(request), request);
    };
    expect(marks(8, 6)).toBe("outside");
    // One sheet, but too little room beside the grid: 8 × 7.5 in leaves 12.7 mm above and below, minus the margin.
    expect(marks(8, 7.5)).toBe("inside");
    // The spec's default paper on its own sheet.
    expect(marks(11, 8.5)).toBe("inside");
    // A strip of 10 mm would hide the corner cells' labels under the marks.
    expect(marks(11, 8.5, 10)).toBeNull();
    // Spread over several sheets: none.
    expect(marks(14, 8.5)).toBeNull();
    // Too small for four marks inside.
    expect(marks(1.5, 11)).toBeNull();
  });
});

describe("cell sheets", () => {
  it("hold several enlarged cells a page, at least 2.5 in wide, inside the margin, on every sheet either way round", () => {
    for (const preset of ["letter", "legal", "a4", "a3"] as PaperPreset[]) {
      for (const orientation of ["portrait", "landscape"] as Orientation[]) {
        const { width, height } = sheetSize(preset, orientation);
        const grid = cellSheetGrid(width, height, DEFAULT_MARGIN_MM);
        const name = `${preset} ${orientation}`;
        expect(grid.across * grid.down, name).toBeGreaterThanOrEqual(4);
        expect(grid.size, name).toBeGreaterThanOrEqual(CELL_SHEET_MIN_PT);
        expect(grid.left, name).toBeGreaterThanOrEqual(36);
        expect(grid.top, name).toBeGreaterThanOrEqual(36);
        close(2 * grid.left + grid.across * grid.size + (grid.across - 1) * grid.gap, width);
      }
    }
    // Letter portrait: 2 across and 3 down, each cell about 2.9 in.
    const letter = cellSheetGrid(612, 792, DEFAULT_MARGIN_MM);
    expect([letter.across, letter.down]).toEqual([2, 3]);
    // The spec's default paper prints landscape: 3 across and 2 down.
    const landscape = cellSheetGrid(792, 612, DEFAULT_MARGIN_MM);
    expect([landscape.across, landscape.down]).toEqual([3, 2]);
    // A5 is small: still two cells a page.
    const a5 = sheetSize("a5", "portrait");
    expect(
      cellSheetGrid(a5.width, a5.height, DEFAULT_MARGIN_MM).across *
        cellSheetGrid(a5.width, a5.height, DEFAULT_MARGIN_MM).down,
    ).toBeGreaterThanOrEqual(2);
  });
});
