// The printed page's corner marks in a photo (mark-layout.ts): found by js-aruco2 on a copy of the photo
// scaled to at most 2,000 pixels across (a 10 mm mark is still ~60 pixels there, and detection
// takes a fraction of the time), each mark's middle taken as the mean of its four corners, and the
// grid's corners computed from the four middles through the perspective they fix. The ids say
// whether the marks sit outside the grid's corners or inside them (mark-layout.ts).
import aruco, { type AR } from "js-aruco2";
import { apply, homography, type Point } from "./homography";
import { MARK_DICTIONARY, MARK_PLACEMENTS, cornerOfMark, markCentres, type MarkPlacement } from "./mark-layout";
import type { PaperMm } from "./paper-geometry";
import { shrink, type RgbaImage } from "./raster";
import type { Corners } from "./straighten";

const DETECT_LONG_SIDE = 2000;

export type MarksFound =
  { found: "ours"; corners: Corners; placement: MarkPlacement } | { found: "other-page" } | { found: "none" };

export function findMarks(
  photo: RgbaImage,
  paper: PaperMm,
  expected: Record<MarkPlacement, readonly number[]>,
): MarksFound {
  const factor = Math.max(1, Math.max(photo.width, photo.height) / DETECT_LONG_SIDE);
  const image = factor > 1 ? shrink(photo, factor) : photo;
  const markers = new aruco.AR.Detector({ dictionaryName: MARK_DICTIONARY }).detect(image);
  const byCorner = new Map<number, AR.Marker>();
  for (const marker of markers) {
    const corner = cornerOfMark(marker.id);
    if (corner === null) continue;
    // Two candidates for one corner: an exact match to this page wins, then the cleaner read.
    const before = byCorner.get(corner);
    const ours = (id: number) => MARK_PLACEMENTS.some((placement) => expected[placement][corner] === id);
    const better = !before || (ours(marker.id) && !ours(before.id)) || marker.hammingDistance < before.hammingDistance;
    if (better) byCorner.set(corner, marker);
  }
  if (byCorner.size < 4) return { found: "none" };
  const placement = MARK_PLACEMENTS.find((p) => [0, 1, 2, 3].every((c) => byCorner.get(c)!.id === expected[p][c]));
  if (!placement) return { found: "other-page" };
  const middles = [0, 1, 2, 3].map((corner) => {
    const points = byCorner.get(corner)!.corners;
    return {
      x: (points.reduce((sum, p) => sum + p.x, 0) / points.length + 0.5) * factor,
      y: (points.reduce((sum, p) => sum + p.y, 0) / points.length + 0.5) * factor,
    };
  });
  const transform = homography(markCentres(paper, placement), middles);
  if (!transform) return { found: "none" };
  const corner = (x: number, y: number): Point => apply(transform, x, y);
  return {
    found: "ours",
    corners: [corner(0, 0), corner(paper.widthMm, 0), corner(paper.widthMm, paper.heightMm), corner(0, paper.heightMm)],
    placement,
  };
}
