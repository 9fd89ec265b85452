// How far a check's drawn cells are, taken together: shared by the grid ladder's offer
// (grid/ladder.ts) and the learner's progress (progress/learning.ts). Apart from kept-checks.ts,
// which names the ladder's steps, so that neither imports the other.

/** Statuses of a cell with something drawn to compare (the rest have no distance to speak of). */
export const COMPARED_STATUSES: readonly string[] = ["close", "partial", "near", "off"];

/** The median distance of the cells with something drawn to compare, in mm; null when there are none. */
export function medianErrorMm(cells: readonly { status: string; errorMm: number }[]): number | null {
  const errors = cells
    .filter((cell) => COMPARED_STATUSES.includes(cell.status))
    .map((cell) => cell.errorMm)
    .sort((a, b) => a - b);
  if (!errors.length) return null;
  const middle = errors.length / 2;
  return errors.length % 2 ? errors[Math.floor(middle)]! : (errors[middle - 1]! + errors[middle]!) / 2;
}
