import { describe, expect, it } from "vitest";
import { POINTS_PER_UNIT } from "../grid/paper";
import { DEFAULT_MARGIN_MM, POINTS_PER_MM, joinMarks, layoutPrint } from "../print/pdf-layout";
import { joinAreas } from "./joins";

const POSTER = {
  paperWidth: 17,
  paperHeight: 11,
  unit: "in" as const,
  sheet: "letter" as const,
  marginMm: DEFAULT_MARGIN_MM,
};
const MM = POINTS_PER_UNIT.in / POINTS_PER_MM;
const inside = (area: { x: number; y: number; width: number; height: number }, x: number, y: number) =>
  x >= area.x && x <= area.x + area.width && y >= area.y && y <= area.y + area.height;

describe("where a poster's sheets join", () => {
  it("leaves nothing out of a paper printed on one sheet", () => {
    expect(joinAreas({ ...POSTER, paperWidth: 11, paperHeight: 8.5 }, 1)).toEqual([]);
  });

  it("leaves out each cut edge laid on the sheet before, and every ring-and-cross mark, and nothing else", () => {
    const layout = layoutPrint(POSTER);
    expect(layout.sheets).toHaveLength(4);
    const areas = joinAreas(POSTER, 1);
    for (const sheet of layout.sheets) {
      const { region, shares } = sheet;
      const middleY = (region.y + region.height / 2) * MM;
      const middleX = (region.x + region.width / 2) * MM;
      // The cut edge, and a millimetre and a half either side of it (a sheet laid a little off).
      if (shares.left)
        for (const dx of [-1.5, 0, 1.5]) expect(areas.some((a) => inside(a, region.x * MM + dx, middleY))).toBe(true);
      if (shares.top)
        for (const dy of [-1.5, 0, 1.5]) expect(areas.some((a) => inside(a, middleX, region.y * MM + dy))).toBe(true);
      for (const mark of joinMarks(layout, sheet, 1))
        // The mark's ring and cross, 7 pt (2.5 mm) each way from its middle.
        for (const [dx, dy] of [
          [0, 0],
          [2.5, 0],
          [-2.5, 0],
          [0, 2.5],
          [0, -2.5],
        ])
          expect(areas.some((a) => inside(a, mark.x * MM + dx!, mark.y * MM + dy!))).toBe(true);
    }
    // The rest of the paper is compared: all the areas together are a small part of it.
    const left = areas.reduce((sum, a) => sum + a.width * a.height, 0);
    expect(left / (17 * MM * 11 * MM)).toBeLessThan(0.05);
    // The middle of a sheet, away from any join, is not left out.
    expect(areas.some((a) => inside(a, 3 * MM, 3 * MM))).toBe(false);
  });
});
