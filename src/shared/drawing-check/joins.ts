// Where a poster's sheets join (decision 070). A paper larger than the sheet is printed on several
// (pdf-layout.ts); the learner cuts each on its dashed line, lays it on the sheet before, marks on
// marks, and tapes them. What stays in view there is neither grid nor pencil: the cut edge (the
// dashes' remains, its shadow, a sheet laid a little off) and the ring-and-cross marks. The check
// leaves those strips out, as it leaves out marks printed inside the grid. The tiles carry no
// corner marks: the grid is found by its own lines.
import { POINTS_PER_UNIT } from "../grid/paper";
import { POINTS_PER_MM, joinMarks, layoutPrint, type PrintRequest } from "../print/pdf-layout";
import type { AreaMm } from "./paper-geometry";

/** Either side of a cut edge: the dashes, the edge's shadow and a sheet laid up to a millimetre off. */
const CUT_HALF_MM = 2;
/** Half the side of the square a ring-and-cross mark (14 pt across) is left out in, a sheet laid a little off included. */
const MARK_HALF_MM = 4;

/** The strips along the joins of `print`'s sheets and around their marks, in mm from the grid's top-left corner; none on one sheet. */
export function joinAreas(print: PrintRequest, gridSize: number): AreaMm[] {
  const layout = layoutPrint(print);
  if (layout.sheets.length < 2) return [];
  const mm = POINTS_PER_UNIT[print.unit] / POINTS_PER_MM;
  const areas: AreaMm[] = [];
  for (const sheet of layout.sheets) {
    const { region, shares } = sheet;
    if (shares.left)
      areas.push({
        x: region.x * mm - CUT_HALF_MM,
        y: region.y * mm,
        width: 2 * CUT_HALF_MM,
        height: region.height * mm,
      });
    if (shares.top)
      areas.push({
        x: region.x * mm,
        y: region.y * mm - CUT_HALF_MM,
        width: region.width * mm,
        height: 2 * CUT_HALF_MM,
      });
    // Marks near the right or bottom edge lie under the next sheet's, at the same place: each once.
    for (const mark of joinMarks(layout, { ...sheet, shares: { ...shares, right: false, bottom: false } }, gridSize))
      areas.push({
        x: mark.x * mm - MARK_HALF_MM,
        y: mark.y * mm - MARK_HALF_MM,
        width: 2 * MARK_HALF_MM,
        height: 2 * MARK_HALF_MM,
      });
  }
  return areas;
}
