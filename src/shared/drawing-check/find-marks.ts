// The printed page's corner marks in a photo (mark-layout.ts): found by js-aruco2 on a copy of the photo
// scaled to at most 2,000 pixels across (a 10 mm mark is still ~60 pixels there, and detection
// takes a fraction of the time). A copy 1,000 pixels across is looked at first, in a quarter of that
// time: where it shows all four marks of one of our pages, each is read again at the 2,000-pixel
// scale on a small window around it, so the marks are placed at that scale's precision; where it
// does not (a page small in the photo, a blurred one), the 2,000-pixel copy is searched whole.
// Each mark's middle is taken as the mean of its four corners, and the grid's corners computed
// from the four middles through the perspective they fix. The ids say whether the marks sit
// outside the grid's corners or inside them (mark-layout.ts), or that the sheet is another one the
// learner printed for this dragon (a practice sheet, practice-sheet.ts).
import aruco from "js-aruco2";
import { apply, homography, type Point } from "./homography";
import { MARK_DICTIONARY, MARK_PLACEMENTS, cornerOfMark, markCentres, type MarkPlacement } from "./mark-layout";
import type { PaperMm } from "./paper-geometry";
import { crop, shrink, type RgbaImage } from "./raster";
import type { Corners } from "./straighten";

/** The scale marks are placed at, and the quicker one they are looked for at first (pixels across). */
const DETECT_LONG_SIDE = 2000;
const GLANCE_LONG_SIDE = 1000;

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

/** A mark as read: its id, how many bits were corrected, its middle and its size in the photo's pixels. */
interface Mark {
  id: number;
  hammingDistance: number;
  middle: Point;
  size: number;
}

/** The marks on a copy of `image` at most `longSide` pixels across, in `image`'s pixels, offset by `at`. */
function marksOn(image: RgbaImage, longSide: number, at: Point = { x: 0, y: 0 }): Mark[] {
  const factor = Math.max(1, Math.max(image.width, image.height) / longSide);
  const copy = factor > 1 ? shrink(image, factor) : image;
  return new aruco.AR.Detector({ dictionaryName: MARK_DICTIONARY }).detect(copy).map((marker) => {
    const xs = marker.corners.map((p) => p.x);
    const ys = marker.corners.map((p) => p.y);
    return {
      id: marker.id,
      hammingDistance: marker.hammingDistance,
      middle: {
        x: at.x + (xs.reduce((a, b) => a + b, 0) / xs.length + 0.5) * factor,
        y: at.y + (ys.reduce((a, b) => a + b, 0) / ys.length + 0.5) * factor,
      },
      size: Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) * factor,
    };
  });
}

/** `mark` read again on a window of `photo` three marks wide around it, at `longSide`'s scale for the whole photo; null if not read there. */
function reread(photo: RgbaImage, mark: Mark, longSide: number): Mark | null {
  const factor = Math.max(1, Math.max(photo.width, photo.height) / longSide);
  const x0 = Math.max(0, Math.floor(mark.middle.x - 1.5 * mark.size));
  const y0 = Math.max(0, Math.floor(mark.middle.y - 1.5 * mark.size));
  const x1 = Math.min(photo.width, Math.ceil(mark.middle.x + 1.5 * mark.size));
  const y1 = Math.min(photo.height, Math.ceil(mark.middle.y + 1.5 * mark.size));
  const window = crop(photo, x0, y0, x1 - x0, y1 - y0);
  const longWindow = Math.max(window.width, window.height);
  return marksOn(window, longWindow / factor, { x: x0, y: y0 }).find((read) => read.id === mark.id) ?? null;
}

export function findMarks(
  photo: RgbaImage,
  paper: PaperMm,
  expected: Record<MarkPlacement, readonly number[]>,
  others: readonly MarkedSheet[] = [],
): MarksFound {
  // Every page the photo may show: the grid page with its marks outside or inside, then the others.
  const pages: Page[] = [
    ...MARK_PLACEMENTS.map((placement) => ({ grid: paper, ids: expected[placement], placement, sheet: null })),
    ...others.map((other, sheet) => ({ ...other, placement: "outside" as const, sheet })),
  ];
  const glance = pageIn(marksOn(photo, GLANCE_LONG_SIDE), pages);
  if (glance.found === "ours") {
    const precise = glance.marks.map((mark) => reread(photo, mark, DETECT_LONG_SIDE));
    if (precise.every((mark) => mark !== null)) return found(glance.page, precise as Mark[]);
  }
  const searched = pageIn(marksOn(photo, DETECT_LONG_SIDE), pages);
  return searched.found === "ours" ? found(searched.page, searched.marks) : searched;
}

type Page = { grid: MarkedSheet["grid"]; ids: readonly number[]; placement: MarkPlacement; sheet: number | null };

/** Which of `pages` the marks are, and its four marks corner by corner. */
function pageIn(
  marks: Mark[],
  pages: Page[],
): { found: "ours"; page: Page; marks: Mark[] } | { found: "other-page" } | { found: "none" } {
  const byCorner = new Map<number, Mark>();
  for (const marker of marks) {
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
  return { found: "ours", page, marks: [0, 1, 2, 3].map((corner) => byCorner.get(corner)!) };
}

/** The grid's corners from its page's four marks, corner by corner. */
function found(page: Page, marks: Mark[]): MarksFound {
  const { grid, placement } = page;
  const transform = homography(
    markCentres(grid, placement),
    marks.map((mark) => mark.middle),
  );
  if (!transform) return { found: "none" };
  const corner = (x: number, y: number): Point => apply(transform, x, y);
  return {
    found: "ours",
    corners: [corner(0, 0), corner(grid.widthMm, 0), corner(grid.widthMm, grid.heightMm), corner(0, grid.heightMm)],
    placement,
    sheet: page.sheet,
  };
}
