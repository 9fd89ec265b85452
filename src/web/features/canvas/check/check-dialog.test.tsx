// 'Check my drawing' as a learner goes through it (decision 045): the photo step, the corners, the
// check running in its worker, the verdicts, marking cells done, and each way back or out, with a
// photo made like the check's own test photos. The dialog is given what the canvas page gives it.
import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { commands, page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { ComponentProps } from "react";
import CheckDialog from "./check-dialog";
import { rememberCorners } from "./remembered-corners";
import { markIds } from "../../../../shared/drawing-check/mark-layout";
import { SYNTHETIC_PAPER, syntheticTemplate } from "../../../../shared/drawing-check/synthetic-photo";
import type { CellCheck } from "../../../../shared/drawing-check/cell-check";
import type { KeptCell, KeptCheck } from "../../../../shared/drawing-check/kept-checks";
import { workingScale } from "../../../../shared/drawing-check/paper-geometry";
import { practiceTemplate } from "../../../../shared/drawing-check/practice-sheet";
import { templateLines } from "../../../../shared/drawing-check/reference";
import { cellLabel } from "../../../../shared/grid/grid";
import { practiceSheetsOf } from "./practice";
import { drawingPhoto, renderSyntheticTemplate, textFile, type DrawingPhoto } from "../../../test/drawing-photo";

const DRAGON = "3f1d2c4b-0000-4000-8000-00000000c0de";
const PAPER = { paperWidth: 11, paperHeight: 8.5, gridSize: 1 };

function props(overrides: Partial<ComponentProps<typeof CheckDialog>> = {}): ComponentProps<typeof CheckDialog> {
  return {
    dragonId: DRAGON,
    signedIn: false,
    scene: { ...PAPER, zoom: 1, offsetX: 0, offsetY: 0, imageSize: { width: 440, height: 340 } },
    paperPreset: null,
    grid: { columns: SYNTHETIC_PAPER.columns, rows: SYNTHETIC_PAPER.rows },
    unit: "in",
    renderTemplate: renderSyntheticTemplate,
    focusCell: null,
    previous: null,
    onClose: vi.fn(),
    onChecked: vi.fn(),
    onKeepPhoto: null,
    onMarkDone: vi.fn(),
    onOpenCell: vi.fn(),
    keptChecks: [],
    onPractised: vi.fn(),
    pdfRequest: () => null,
    practiceFileName: "Ember practice sheet.pdf",
    ladder: { step: 2, onFewerLines: vi.fn() },
    ...overrides,
  };
}

const dialog = () => page.getByRole("dialog", { name: "Check my drawing" });
const pickStep = () => dialog().getByRole("button", { name: "Choose a photo" });
const cornersStep = () => dialog().getByText("Drag the four handles onto the outer corners of your grid");
const checkButton = () => dialog().getByRole("button", { name: "Check my drawing" });
const verdicts = () =>
  dialog()
    .getByRole("status")
    .filter({ hasText: /drawn cells? match/ });
/** The handles start where the learner left them for this paper (this device remembers). */
const placeCorners = (photo: DrawingPhoto, corners = photo.shot.corners) =>
  rememberCorners(DRAGON, SYNTHETIC_PAPER, corners, photo.shot.photo.width, photo.shot.photo.height);

/** The dialog in the app's messages (English), as the canvas page renders it. */
const renderCheck = (dialogProps: ComponentProps<typeof CheckDialog>) =>
  render(
    <I18nProvider i18n={i18n}>
      <CheckDialog {...dialogProps} />
    </I18nProvider>,
  );

let plain: DrawingPhoto;
/** A drawing on plain paper: no grid to find. */
let noGrid: DrawingPhoto;
beforeAll(async () => {
  plain = await drawingPhoto({ moved: [{ column: 5, row: 3, dx: 0, dy: 3 }] });
  noGrid = await drawingPhoto({ gridGrey: 250, seed: 2 });
});
beforeEach(() => localStorage.clear());

it("opens on the photo step with an example of a good photo, refuses a file that is not a picture there, and closes on Escape", async () => {
  const given = props();
  await renderCheck(given);
  await expect.element(dialog().getByText("Photograph your paper like this:")).toBeVisible();
  // How it looks on a phone and a desktop is the journey's to see (e2e/drawing-check.test.ts).
  const example = dialog().getByRole("figure");
  await expect
    .element(example.getByRole("img", { name: /^An example of a good photo: the grid page lying flat/ }))
    .toBeVisible();
  for (const point of ["Flat", "The whole page", "Even light"])
    await expect.element(example.getByRole("listitem").filter({ hasText: point })).toBeVisible();
  await expect.element(dialog().getByRole("button", { name: "Take a photo" })).toBeVisible();
  await commands.chooseFile("Choose a photo", await textFile());
  await expect
    .element(dialog().getByRole("alert"))
    .toHaveTextContent("That file is not a picture. Choose a photo of your paper (JPEG, PNG or WebP).");
  await expect.element(pickStep()).toBeVisible();
  expect(given.onClose).not.toHaveBeenCalled();
  await userEvent.keyboard("{Escape}");
  expect(given.onClose).toHaveBeenCalledOnce();
});

it("takes a photo whose grid cannot be found to the corners, saying why, and back to the photo step", async () => {
  const given = props();
  await renderCheck(given);
  await commands.chooseFile("Choose a photo", noGrid.file);
  await expect.element(cornersStep(), { timeout: 20_000 }).toBeVisible();
  await expect
    .element(dialog().getByRole("alert"))
    .toHaveTextContent(/^Place the four corners yourself: your grid could not be found in this photo/);
  for (const corner of ["Top-left", "Top-right", "Bottom-right", "Bottom-left"])
    await expect.element(dialog().getByRole("button", { name: `${corner} corner of the grid` })).toBeVisible();
  await dialog().getByRole("button", { name: "Choose another photo" }).click();
  await expect.element(pickStep()).toBeVisible();
  expect(dialog().getByRole("alert").query()).toBeNull();
  expect(given.onChecked).not.toHaveBeenCalled();
});

it("refuses handles out of order before checking anything", async () => {
  const [a, b, c, d] = noGrid.shot.corners;
  placeCorners(noGrid, [b, a, c, d]);
  const given = props();
  await renderCheck(given);
  await commands.chooseFile("Choose a photo", noGrid.file);
  await expect.element(cornersStep(), { timeout: 20_000 }).toBeVisible();
  await checkButton().click();
  await expect
    .element(dialog().getByRole("alert"))
    .toHaveTextContent(/^The four handles must go round the grid in order: top-left, top-right/);
  await expect.element(cornersStep()).toBeVisible();
  expect(given.onChecked).not.toHaveBeenCalled();
});

it("checks the drawing, shows the verdicts, and marks the matching cells done only once confirmed", async () => {
  const given = props();
  await renderCheck(given);
  await commands.chooseFile("Choose a photo", plain.file);
  await expect.element(dialog().getByText("Checking your drawing")).toBeInTheDocument();
  await expect
    .element(verdicts(), { timeout: 20_000 })
    .toHaveTextContent(/^\d+ of \d+ drawn cells match the template within 1\.5 mm\.$/);
  await expect.element(dialog().getByRole("group", { name: "Heat map of your grid" })).toBeVisible();
  await expect
    .element(
      dialog()
        .getByRole("button", { name: /^F4: lines about [23] mm low$/ })
        .first(),
    )
    .toBeVisible();
  expect(given.onChecked).toHaveBeenCalledOnce();

  // Marking asks first; Escape and Cancel leave everything as it was, inside the check.
  const mark = dialog().getByRole("button", { name: "Mark matching cells done" });
  const confirm = page.getByRole("dialog", { name: /^Mark \d+ cells done\?$/ });
  await mark.click();
  await expect.element(confirm).toBeVisible();
  await userEvent.keyboard("{Escape}");
  await expect.element(confirm).not.toBeInTheDocument();
  await expect.element(verdicts()).toBeVisible();
  await mark.click();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect.element(confirm).not.toBeInTheDocument();
  expect(given.onMarkDone).not.toHaveBeenCalled();
  expect(given.onClose).not.toHaveBeenCalled();
  await mark.click();
  const count = Number(/^Mark (\d+) cells done\?$/.exec(confirm.getByRole("heading").element().textContent!)![1]);
  await confirm.getByRole("button", { name: `Mark ${count} done` }).click();
  expect(given.onMarkDone).toHaveBeenCalledOnce();
  const labels = vi.mocked(given.onMarkDone).mock.calls[0]![0];
  expect(labels).toHaveLength(count);
  expect(labels).not.toContain("F4");

  // Back to the corners (as they were found), again to the verdicts, then to another photo.
  await dialog().getByRole("button", { name: "Adjust the corners" }).click();
  await expect.element(cornersStep()).toBeVisible();
  await checkButton().click();
  await expect.element(verdicts(), { timeout: 20_000 }).toBeVisible();
  expect(given.onChecked).toHaveBeenCalledTimes(2);
  await dialog().getByRole("button", { name: "Check another photo" }).click();
  await expect.element(pickStep()).toBeVisible();
  await dialog().getByRole("button", { name: "Close the check" }).click();
  expect(given.onClose).toHaveBeenCalledOnce();
});

it("finds the grid by itself from the corner marks of the page printed for this dragon, and names a page printed for another", async () => {
  const given = props();
  await renderCheck(given);
  const marked = await drawingPhoto({ marks: markIds(DRAGON, SYNTHETIC_PAPER), seed: 3 });
  await commands.chooseFile("Choose a photo", marked.file);
  await expect.element(verdicts(), { timeout: 20_000 }).toBeVisible();
  expect(given.onChecked).toHaveBeenCalledOnce();

  await dialog().getByRole("button", { name: "Check another photo" }).click();
  const otherDragon = await drawingPhoto({ marks: markIds("another dragon", SYNTHETIC_PAPER), seed: 4 });
  await commands.chooseFile("Choose a photo", otherDragon.file);
  await expect.element(cornersStep(), { timeout: 20_000 }).toBeVisible();
  await expect
    .element(dialog().getByRole("alert"))
    .toHaveTextContent(/^This page was printed for another dragon, or for another paper or grid size/);
  expect(given.onChecked).toHaveBeenCalledOnce();
});

it("offers fewer grid lines after a close copy, one step down", async () => {
  const marked = await drawingPhoto({ marks: markIds(DRAGON, SYNTHETIC_PAPER), seed: 3 });
  const given = props();
  await renderCheck(given);
  await commands.chooseFile("Choose a photo", marked.file);
  await expect.element(verdicts(), { timeout: 20_000 }).toBeVisible();
  await expect.element(dialog().getByText("Next step: Every other line.", { exact: false })).toBeVisible();
  await dialog().getByRole("button", { name: "Try with fewer lines" }).click();
  expect(given.ladder.onFewerLines).toHaveBeenCalledOnce();
  expect(given.onClose).toHaveBeenCalledOnce();
});

it("offers nothing past the last step of the ladder", async () => {
  const marked = await drawingPhoto({ marks: markIds(DRAGON, SYNTHETIC_PAPER), seed: 3 });
  await renderCheck(props({ ladder: { step: 5, onFewerLines: vi.fn() } }));
  await commands.chooseFile("Choose a photo", marked.file);
  await expect.element(verdicts(), { timeout: 20_000 }).toBeVisible();
  expect(dialog().getByRole("button", { name: "Try with fewer lines" }).elements()).toHaveLength(0);
});

it("says a photo too dark to read is too dark, on the corners, where another photo can be chosen", async () => {
  const dark = await drawingPhoto({ seed: 5 }, 0.12);
  placeCorners(dark);
  const given = props();
  await renderCheck(given);
  await commands.chooseFile("Choose a photo", dark.file);
  await checkButton().click();
  await expect.element(dialog().getByRole("alert"), { timeout: 20_000 }).toHaveTextContent(/^This photo is too dark/);
  await expect.element(cornersStep()).toBeVisible();
  expect(given.onChecked).not.toHaveBeenCalled();
});

it("waits for the template before it can check", async () => {
  await renderCheck(props({ renderTemplate: null }));
  await commands.chooseFile("Choose a photo", plain.file);
  await expect.element(cornersStep()).toBeVisible();
  await expect.element(dialog().getByRole("button", { name: "Loading the template…" })).toBeDisabled();
});

it("refuses a grid of more cells than a photo can show, before any photo", async () => {
  const scene = { ...props().scene, paperWidth: 60, paperHeight: 60 };
  await renderCheck(props({ scene, grid: { columns: 60, rows: 60 } }));
  await expect
    .element(dialog().getByRole("alert"))
    .toHaveTextContent("The check reads grids of up to 2,500 cells, and this one has 3,600");
  expect(dialog().getByRole("button", { name: "Choose a photo" }).query()).toBeNull();
});

it("opens on the last result when the paper is the same, answering for the cell asked about; on another paper, on the photo step", async () => {
  const cells: CellCheck[] = [];
  for (let row = 0; row < SYNTHETIC_PAPER.rows; row++)
    for (let column = 0; column < SYNTHETIC_PAPER.columns; column++) {
      const label = `${String.fromCharCode(65 + column)}${row + 1}`;
      const off = label === "F4";
      cells.push({
        label,
        column,
        row,
        status: off ? "off" : "close",
        errorMm: off ? 3 : 0.4,
        offsetMm: { x: 0, y: off ? 3 : 0 },
        coverage: 1,
      });
    }
  const previous = {
    cells,
    whole: null,
    corrections: [],
    localCells: null,
    evenGrid: false,
    photo: await createImageBitmap(new ImageData(8, 6)),
    pxPerMm: 4,
    paper: SYNTHETIC_PAPER,
  };
  const given = props({ previous, focusCell: "F4" });
  const opened = await renderCheck(given);
  await expect.element(verdicts()).toHaveTextContent("98 of 99 drawn cells match the template within 1.5 mm.");
  await expect
    .element(dialog().getByText("This cell:").element().parentElement!)
    .toHaveTextContent("This cell: F4: lines about 3 mm low.");
  await dialog().getByRole("button", { name: "See it beside your photo" }).click();
  expect(given.onOpenCell).toHaveBeenCalledWith(expect.objectContaining({ label: "F4" }));
  await opened.unmount();

  await renderCheck(props({ previous, scene: { ...props().scene, gridSize: 2 }, grid: { columns: 6, rows: 5 } }));
  await expect.element(pickStep()).toBeVisible();
});

it("says what to fix first, each correction numbered at its place on the photo, and shows the heat map as drawn or with the whole drawing's size taken out", async () => {
  const grid = (status: (label: string) => "close" | "off") => {
    const cells: CellCheck[] = [];
    for (let row = 0; row < SYNTHETIC_PAPER.rows; row++)
      for (let column = 0; column < SYNTHETIC_PAPER.columns; column++) {
        const label = `${String.fromCharCode(65 + column)}${row + 1}`;
        const off = status(label) === "off";
        cells.push({
          label,
          column,
          row,
          status: status(label),
          errorMm: off ? 5 : 0.4,
          offsetMm: { x: off ? 5 : 0, y: 0 },
          coverage: 1,
        });
      }
    return cells;
  };
  // As drawn, the right half is off; with the size taken out, only F4.
  const previous = {
    cells: grid((label) => (label.charCodeAt(0) >= 70 ? "off" : "close")),
    whole: null,
    corrections: [
      { kind: "grid" as const, axis: "column" as const, label: "E", mm: 3, narrower: true, line: "end" as const },
      {
        kind: "size" as const,
        percent: 5,
        larger: true,
        towards: "bottom-right" as const,
        atEdgeMm: 17,
        extentMm: { left: 27.94, top: 21.59, right: 251.46, bottom: 194.31 },
      },
      {
        kind: "turn" as const,
        degrees: 2,
        clockwise: false,
        atEdgeMm: 6,
        extentMm: { left: 27.94, top: 21.59, right: 251.46, bottom: 194.31 },
      },
    ],
    localCells: grid((label) => (label === "F4" ? "off" : "close")),
    evenGrid: false,
    photo: await createImageBitmap(new ImageData(8, 6)),
    pxPerMm: 4,
    paper: SYNTHETIC_PAPER,
  };
  await renderCheck(props({ previous }));
  const fixFirst = dialog().getByRole("region", { name: "What to fix first" });
  await expect
    .element(fixFirst.getByRole("listitem").first())
    .toHaveTextContent(/^1Your grid's column E is about 3 mm narrower than the others: redraw the line on its right\./);
  await expect
    .element(fixFirst.getByRole("listitem").nth(1))
    .toHaveTextContent(
      "2Your whole drawing is about 5 % too large. It is furthest off towards the bottom right." +
        "Check each square against the grid, not the last line you drew.",
    );
  await expect
    .element(fixFirst.getByRole("listitem").nth(2))
    .toHaveTextContent(/^3Your drawing is turned about 2° anticlockwise\./);
  // On the photo, each number where its correction is (as shares of the paper, placed by the
  // page's styles): the line right of column E, the drawing's bottom right, its top left.
  await expect.element(dialog().getByTestId("correction-pointer").nth(2)).toBeInTheDocument();
  const at = (i: number) => {
    const badge = dialog().getByTestId("correction-pointer").nth(i).element() as HTMLElement;
    return { number: badge.textContent, x: parseFloat(badge.style.left) / 100, y: parseFloat(badge.style.top) / 100 };
  };
  const [line, size, turn] = [at(0), at(1), at(2)];
  expect(line).toMatchObject({ number: "1" });
  expect(line.x).toBeCloseTo((5 * 25.4) / 279.4, 3);
  expect(size).toMatchObject({ number: "2" });
  expect(size.x).toBeCloseTo(251.46 / 279.4, 3);
  expect(size.y).toBeCloseTo(194.31 / 215.9, 3);
  expect(turn).toMatchObject({ number: "3" });
  expect(turn.x).toBeCloseTo(27.94 / 279.4, 3);
  expect(turn.y).toBeCloseTo(21.59 / 215.9, 3);
  // The grid line to redraw, drawn over the photo from the grid's top to its bottom.
  const drawnLine = dialog().element().querySelector("svg line")!;
  expect(Number(drawnLine.getAttribute("x1"))).toBeCloseTo(5 * 25.4, 3);
  expect(Number(drawnLine.getAttribute("y1"))).toBe(0);
  expect(Number(drawnLine.getAttribute("y2"))).toBeCloseTo(215.9, 3);
  const offCells = () =>
    dialog().getByRole("group", { name: "Heat map of your grid" }).element().querySelectorAll("[data-status=off]")
      .length;
  const asDrawn = dialog().getByRole("button", { name: "As drawn" });
  const local = dialog().getByRole("button", { name: "With size, turn, place and proportions taken out" });
  await expect.element(asDrawn).toHaveAttribute("aria-pressed", "true");
  expect(offCells()).toBe(6 * SYNTHETIC_PAPER.rows);
  await local.click();
  await expect.element(local).toHaveAttribute("aria-pressed", "true");
  await expect.poll(offCells).toBe(1);
  await expect.element(dialog().getByRole("region", { name: "Where to look first" })).toHaveTextContent("F4");
  await asDrawn.click();
  await expect.poll(offCells).toBe(6 * SYNTHETIC_PAPER.rows);
});

it("knows a photo of a practice sheet made from a kept check, scores each of its cells beside the check's, and keeps them", async () => {
  // A kept check of this grid: D2, H5 and E4 the furthest off, every other cell close.
  const off: Record<string, [KeptCell["status"], number]> = { D2: ["off", 6.1], H5: ["off", 5], E4: ["near", 3.4] };
  const cells = Array.from({ length: SYNTHETIC_PAPER.columns * SYNTHETIC_PAPER.rows }, (_, i) => {
    const label = cellLabel({ column: i % SYNTHETIC_PAPER.columns, row: Math.floor(i / SYNTHETIC_PAPER.columns) });
    const [status, errorMm] = off[label] ?? ["close", 0.5];
    return { label, status, errorMm };
  });
  const kept: KeptCheck = {
    id: "5c0e3a1b-0000-4000-8000-00000000c0de",
    ladderStep: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    columns: SYNTHETIC_PAPER.columns,
    rows: SYNTHETIC_PAPER.rows,
    cells,
    whole: null,
    photoUrl: null,
    practice: null,
  };
  const [sheet] = practiceSheetsOf([kept], DRAGON, SYNTHETIC_PAPER, "in");
  expect(sheet!.layout.labels).toEqual(["D2", "H5", "E4"]);
  // Each cell copied into the empty square beside it, H5's 3 mm low and inside its square.
  const pxPerMm = workingScale(SYNTHETIC_PAPER);
  const { layout } = sheet!;
  const { lines } = templateLines(
    practiceTemplate(syntheticTemplate(SYNTHETIC_PAPER, pxPerMm), SYNTHETIC_PAPER, layout, pxPerMm),
  );
  const square = Math.round(layout.grid.gridMm * pxPerMm);
  const pencil = new Uint8Array(lines.data.length);
  for (let y = 0; y < lines.height; y++)
    for (let x = square; x < lines.width; x++) {
      const low = Math.floor(y / square) === 1 ? Math.round(3 * pxPerMm) : 0;
      if (Math.floor((y + low) / square) === Math.floor(y / square) && y + low < lines.height)
        pencil[(y + low) * lines.width + x] = lines.data[y * lines.width + x]!;
    }
  const photo = await drawingPhoto({
    paper: layout.grid,
    marks: sheet!.ids,
    pencil: { mask: { ...lines, data: pencil }, pxPerMm },
    seed: 8,
  });
  const given = props({ keptChecks: [kept] });
  await renderCheck(given);
  await commands.chooseFile("Choose a photo", photo.file);
  await expect
    .element(dialog().getByRole("heading", { name: "Your practice sheet" }), { timeout: 20_000 })
    .toBeVisible();
  await expect
    .element(dialog().getByRole("status"))
    .toHaveTextContent("2 of 3 practised cells now match the template within 1.5 mm.");
  const rows = dialog().getByRole("list", { name: "Each practised cell, before and now" }).getByRole("listitem");
  await expect.element(rows.nth(0)).toHaveTextContent(/^D26\.1 mm before, now \d(\.\d)? mmWithin 1\.5 mm$/);
  await expect.element(rows.nth(1)).not.toHaveTextContent(/Within 1\.5 mm$/);
  expect(given.onPractised).toHaveBeenCalledOnce();
  const [checkId, scored] = vi.mocked(given.onPractised).mock.calls[0]!;
  expect(checkId).toBe(kept.id);
  expect(scored.map((cell) => [cell.label, cell.status === "close"])).toEqual([
    ["D2", true],
    ["H5", false],
    ["E4", true],
  ]);
  // Not a check of the drawing: nothing is kept as one.
  expect(given.onChecked).not.toHaveBeenCalled();
  await dialog().getByRole("button", { name: "Check another photo" }).click();
  await expect.element(pickStep()).toBeVisible();
});

it("offers the worst cells of a result as a practice sheet", async () => {
  await renderCheck(props());
  await commands.chooseFile("Choose a photo", plain.file);
  await expect.element(verdicts(), { timeout: 20_000 }).toBeVisible();
  const practise = dialog().getByRole("region", { name: "Practise these cells" });
  await expect.element(practise).toHaveTextContent(/^Practise these cellsA sheet with F4, /);
  await expect.element(practise.getByRole("button", { name: "Make a practice sheet" })).toBeEnabled();
});
