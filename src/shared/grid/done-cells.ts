// Cells a learner has marked done (decision 013): labels like "B3", checked against the grid they belong to.
import { cellLabel, gridDimensions, parseCellLabel, type Cell } from "./grid";

export interface GridSize {
  columns: number;
  rows: number;
}

/** Whether a label names a cell of this grid. */
export function isCellInGrid(label: string, grid: GridSize): boolean {
  const cell = parseCellLabel(label);
  return cell !== null && cell.column < grid.columns && cell.row < grid.rows;
}

/** Splits marks into those the grid still has and those it no longer has (after the grid changed). */
export function keepDoneCellsInGrid(labels: readonly string[], grid: GridSize): { kept: string[]; dropped: string[] } {
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const label of new Set(labels)) (isCellInGrid(label, grid) ? kept : dropped).push(label);
  return { kept: sortReadingOrder(kept), dropped };
}

/** Reading order: row by row, left to right (A1, B1, …, A2, …). */
export function sortReadingOrder(labels: readonly string[]): string[] {
  const key = (label: string) => parseCellLabel(label) ?? { column: 0, row: 0 };
  return [...labels].sort((a, b) => key(a).row - key(b).row || key(a).column - key(b).column);
}

/** Adds a mark, or takes it away if it is there. */
export function toggleDoneCell(labels: readonly string[], label: string): string[] {
  return labels.includes(label) ? labels.filter((l) => l !== label) : sortReadingOrder([...labels, label]);
}

/**
 * The first cell in reading order that is not done and has something to draw, or null when every
 * such cell is done. `blank` names the cells with nothing to draw (blank-cells.ts): blank paper
 * needs no visit.
 */
export function nextUndoneCell(
  labels: readonly string[],
  grid: GridSize,
  blank: ReadonlySet<string> = new Set(),
): Cell | null {
  const done = new Set(labels);
  for (let row = 0; row < grid.rows; row++) {
    for (let column = 0; column < grid.columns; column++) {
      const label = cellLabel({ column, row });
      if (!done.has(label) && !blank.has(label)) return { column, row };
    }
  }
  return null;
}

/** How far a drawing has come: the marked cells its grid has, of all its cells (the library's 'Your drawings'). */
export function drawingProgress(progress: {
  paperWidth: number;
  paperHeight: number;
  gridSize: number;
  doneCells: readonly string[];
}): { cellsDone: number; cells: number } {
  const grid = gridDimensions(progress.paperWidth, progress.paperHeight, progress.gridSize);
  return {
    cellsDone: progress.doneCells.filter((label) => isCellInGrid(label, grid)).length,
    cells: grid.columns * grid.rows,
  };
}
