// The corner marks 'Print / PDF' puts on the blank grid page (decision 028): four ArUco markers
// (the ARUCO_MIP_36h12 dictionary, made to be told apart even when partly smudged), one diagonally
// outside each corner of the grid, or inside it when the grid fills the sheet (decision 047). Which
// marker sits at which corner, and a 24-bit fingerprint of the dragon, the paper, the grid and where
// the marks sit, are in their ids, so a photo of the printed page finds its own corners and says
// when it belongs to another dragon or grid.
import type { AreaMm, PaperMm } from "./paper-geometry";
import type { Point } from "./homography";

export const MARK_DICTIONARY = "ARUCO_MIP_36h12";
/** Side of a marker's black square (8 modules: a black border around 6 × 6 data). */
export const MARK_MM = 10;
/** From the grid's corner to the marker's nearest corner, along each side. */
export const MARK_GAP_MM = 2;
/** White kept around a marker (one module), inside the sheet's printable area. */
export const MARK_QUIET_MM = MARK_MM / 8;
/** Room a side of the sheet needs beyond the grid for the marks. */
export const MARK_ROOM_MM = MARK_GAP_MM + MARK_MM + MARK_QUIET_MM;
/**
 * Inside the grid, from its corner to the marker's nearest corner: past the strip a printer cannot
 * reach (a quarter inch) and the corner cell's label there, so both stay readable.
 */
export const MARK_INSIDE_GAP_MM = 13.5;

/** Outside the grid's corners (room around the grid), or inside them (a grid as large as the sheet). */
export type MarkPlacement = "outside" | "inside";
export const MARK_PLACEMENTS: readonly MarkPlacement[] = ["outside", "inside"];

/** Ids per corner: 4 × 62 of the dictionary's 250. */
const PER_CORNER = 62;

/** What the marks need of the paper: its size and its squares, in millimetres. */
export type MarkedPaper = Pick<PaperMm, "widthMm" | "heightMm" | "gridMm">;

/**
 * FNV-1a: a fingerprint, not a secret; paper lengths to a tenth of a millimetre. Outside marks keep
 * the text pages were first printed with; `sheet` names a sheet other than the grid page (a
 * practice sheet, practice-sheet.ts).
 */
function fingerprint(dragonId: string, paper: MarkedPaper, placement: MarkPlacement, sheet?: string): number {
  const text = `${dragonId}|${paper.widthMm.toFixed(1)}|${paper.heightMm.toFixed(1)}|${paper.gridMm.toFixed(1)}${placement === "inside" ? "|inside" : ""}${sheet ? `|${sheet}` : ""}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** The four markers' ids, top-left, top-right, bottom-right, bottom-left. */
export function markIds(
  dragonId: string,
  paper: MarkedPaper,
  placement: MarkPlacement = "outside",
  sheet?: string,
): [number, number, number, number] {
  const hash = fingerprint(dragonId, paper, placement, sheet);
  return [0, 1, 2, 3].map((corner) => corner * PER_CORNER + (((hash >>> (corner * 6)) & 63) % PER_CORNER)) as [
    number,
    number,
    number,
    number,
  ];
}

/** Which corner a marker id belongs to (0 top-left … 3 bottom-left), or null if it is not one of ours. */
export const cornerOfMark = (id: number): number | null =>
  id >= 0 && id < 4 * PER_CORNER ? Math.floor(id / PER_CORNER) : null;

/** The ids a page of this dragon, paper and grid carries, for each place the marks can sit. */
export const markIdsByPlacement = (dragonId: string, paper: MarkedPaper): Record<MarkPlacement, number[]> => ({
  outside: markIds(dragonId, paper, "outside"),
  inside: markIds(dragonId, paper, "inside"),
});

/** Where each marker's middle is on the paper, in mm from the grid's top-left corner. */
export function markCentres(paper: MarkedPaper, placement: MarkPlacement = "outside"): [Point, Point, Point, Point] {
  const out = placement === "outside" ? MARK_GAP_MM + MARK_MM / 2 : -(MARK_INSIDE_GAP_MM + MARK_MM / 2);
  return [
    { x: -out, y: -out },
    { x: paper.widthMm + out, y: -out },
    { x: paper.widthMm + out, y: paper.heightMm + out },
    { x: -out, y: paper.heightMm + out },
  ];
}

/** Whether the paper is large enough for inside marks: the four, with their white, apart. */
export const insideMarksFit = (paper: MarkedPaper) =>
  Math.min(paper.widthMm, paper.heightMm) >= 2 * (MARK_INSIDE_GAP_MM + MARK_MM + MARK_QUIET_MM);

/**
 * The squares inside the grid that inside marks cover, white around them included, in mm from the
 * grid's top-left corner: the check neither looks for the learner's lines there nor expects any.
 */
export function insideMarkAreas(paper: MarkedPaper): AreaMm[] {
  const half = MARK_MM / 2 + MARK_QUIET_MM;
  return markCentres(paper, "inside").map((c) => ({ x: c.x - half, y: c.y - half, width: 2 * half, height: 2 * half }));
}
