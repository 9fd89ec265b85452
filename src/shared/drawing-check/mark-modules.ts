// A corner mark's black and white modules, from the marker library's own dictionary (printing and
// the synthetic photos; the layout and ids are in mark-layout.ts, which pages can load without it).
import aruco from "js-aruco2";
import { MARK_DICTIONARY } from "./mark-layout";

/** A marker as 8 × 8 modules, row by row, true where black: the border and the data bits that are 0. */
export function markModules(id: number): boolean[][] {
  const code = new aruco.AR.Dictionary(MARK_DICTIONARY).codeList[id];
  if (code === undefined) throw new RangeError(`No marker ${id}`);
  return Array.from({ length: 8 }, (_, y) =>
    Array.from({ length: 8 }, (_, x) =>
      x === 0 || y === 0 || x === 7 || y === 7 ? true : code[(y - 1) * 6 + (x - 1)] !== "1",
    ),
  );
}
