// The printed page's corner marks in a photo (mark-layout.ts): found by js-aruco2 on a copy of the photo
// scaled to at most 2,000 pixels across (a 10 mm mark is still ~60 pixels there, and detection
// takes a fraction of the time), each mark's middle taken as the mean of its four corners, and the
// grid's corners computed from the four middles through the perspective they fix. The ids say
// whether the marks sit outside the grid's corners or inside them (mark-layout.ts), or that the
// sheet is another one the learner printed for this dragon (a practice sheet, practice-sheet.ts).
import aruco, { type AR } from "js-aruco2";
import { apply, homography, type Point } from "./homography";
import { MARK_DICTIONARY, MARK_PLACEMENTS, cornerOfMark, markCentres, type MarkPlacement } from "./mark-layout";
import type { PaperMm } from "./paper-geometry";
import { shrink, type RgbaImage } from "./raster";
import type { Corners } from "./straighten";

const DETECT_LONG_SIDE = 2000;

export type MarksFound =
  | {
      found: "ours";
      corners: Corners;
      placement: MarkPlacement;
      /** Which of the other sheets it is (its index), or null for the grid page. */
      sheet: number | null;
    }
  | { found: "other-page" }
  | { found: "none" };

/** A sheet other than the grid page that a photo may show (a practice sheet): its grid and its marks' ids, outside its corners. */
export interface MarkedSheet {
  grid: PaperMm;
  ids: readonly number[];
}

export function findMarks(
  photo: RgbaImage,
  paper: PaperMm,
  expected: Record<MarkPlacement, readonly number[]>,
  others: readonly MarkedSheet[] = [],
): MarksFound {
  const factor = Math.max(1, Math.max(photo.width, photo.height) / DETECT_LONG_SIDE);
  const image = factor > 1 ? shrink(photo, factor) : photo;
  const markers = new aruco.AR.Detector({ dictionaryName: MARK_DICTIONARY }).detect(image);
  // Every page the photo may show: the grid page with its marks outside or inside, then the others.
  const pages = [
    ...MARK_PLACEMENTS.map((placement) => ({ grid: paper, ids: expected[placement], placement, sheet: null })),
    ...others.map((other, sheet) => ({ ...other, placement: "outside" as const, sheet })),
  ];
  const byCorner = new Map<number, AR.Marker>();
  for (const marker of markers) {
    const corner = cornerOfMark(marker.id);
    if (corner === null) continue;
    // Two candidates for one corner: an exact match to one of the pages wins, then the cleaner read.
    const before = byCorner.get(corner);
    const ours = (id: number) => pages.some((page) => page.ids[corner] === id);
    const better = !before || (ours(marker.id) && !ours(before.id)) || marker.hammingDistance < before.hammingDistance;
    if (better) byCorner.set(corner, marker);
  }
  if (byCorner.size < 4) return { found: "none" };
  const page = pages.find((p) => [0, 1, 2, 3].every((c) => byCorner.get(c)!.id === p.ids[c]));
  if (!page) return { found: "other-page" };
  const middles = [0, 1, 2, 3].map((corner) => {
    const points = byCorner.get(corner)!.corners;
    return {
      x: (points.reduce((sum, p) => sum + p.x, 0) / points.length + 0.5) * factor,
      y: (points.reduce((sum, p) => sum + p.y, 0) / points.length + 0.5) * factor,
    };
  });
  const { grid, placement } = page;
  const transform = homography(markCentres(grid, placement), middles);
  if (!transform) return { found: "none" };
  const corner = (x: number, y: number): Point => apply(transform, x, y);
  return {
    found: "ours",
    corners: [corner(0, 0), corner(grid.widthMm, 0), corner(grid.widthMm, grid.heightMm), corner(0, grid.heightMm)],
    placement,
    sheet: page.sheet,
  };
}
