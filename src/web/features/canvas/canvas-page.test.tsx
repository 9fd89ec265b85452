// The canvas's state machine as a learner meets it (decision 045): where it starts (the defaults, a
// visitor's copy on this device, saved progress, a save still waiting on this device), how a change
// is kept (this browser for visitors; the server for members, by Save and by autosave) and what
// the learner is told when a save cannot reach the server or is refused. The API is the real app.
import { beforeEach, expect, inject, it } from "vitest";
import { commands, page, userEvent } from "vitest/browser";
import { CanvasPage } from "./canvas-page";
import { writeOutbox } from "./progress-on-this-device";
import { CANVAS_DEFAULTS } from "./canvas-state";
import { callApi } from "../../lib/api-client";
import { keepAccount } from "../../lib/on-this-device";
import { outboxKey } from "../../lib/progress-keys";
import { freshBrowser, renderScreen, signInWith } from "../../test/render-screen";

const api = inject("componentApi");
const openCanvas = (dragonId = api.dragons.kept) =>
  renderScreen(<CanvasPage params={{ id: dragonId }} />, `/draw/${dragonId}?version=color`);
/** What the server holds for the signed-in member, read as another page would. */
const savedOnServer = (dragonId = api.dragons.kept) => callApi("GET /api/wip/:dragonId", { params: { dragonId } });
const toast = (title: string) => page.getByRole("status").filter({ hasText: title });

beforeEach(freshBrowser);

it("a visitor starts from the defaults, and finds their changes and the closed cell viewer on this device when they come back", async () => {
  const screen = await openCanvas();
  await expect.element(screen.getByRole("heading", { name: "Component Dragon" })).toBeVisible();
  await expect.element(screen.getByLabelText("Width")).toHaveValue(11);
  await expect.element(screen.getByLabelText("Grid Size")).toHaveValue(1);
  await expect.element(screen.getByText("11 x 9 cells")).toBeVisible();
  await screen.getByLabelText("Grid Size").fill("2");
  await expect.element(screen.getByText("6 x 5 cells")).toBeVisible();

  // The cell viewer: opened on the next cell to draw (A1 is blank paper, B1 has a wing's tip),
  // arrow keys move along the row, Escape closes.
  await expect.element(screen.getByTestId("paper")).toHaveAttribute("data-image", "hires");
  await screen.getByRole("button", { name: "Next cell to draw" }).click();
  await expect.element(page.getByRole("heading", { name: "Cell B1" })).toBeVisible();
  await userEvent.keyboard("{ArrowRight}");
  await expect.element(page.getByRole("heading", { name: "Cell C1" })).toBeVisible();
  await userEvent.keyboard("{Escape}");
  await expect.element(page.getByRole("heading", { name: "Cell C1" })).not.toBeInTheDocument();
  await screen.unmount();

  const again = await openCanvas();
  await expect.element(again.getByText("6 x 5 cells")).toBeVisible();
  await expect.element(again.getByLabelText("Grid Size")).toHaveValue(2);
  expect(page.getByRole("heading", { name: /^Cell / }).query()).toBeNull();
  // Saving asks a visitor to sign in; their copy stays in this browser.
  await again.getByRole("button", { name: "Save", exact: true }).click();
  await expect.element(toast("Sign in to keep your progress")).toBeVisible();
});

it("'Next cell to draw' passes blank paper by, and the cell viewer says a cell is done and undoes it", async () => {
  const screen = await openCanvas();
  // The dragon's picture is in: blank cells are known. Its top row is blank paper up to E1, where a wing begins.
  await expect.element(screen.getByTestId("paper")).toHaveAttribute("data-image", "hires");
  await screen.getByRole("button", { name: "Next cell to draw" }).click();
  await expect.element(page.getByRole("heading", { name: "Cell E1" })).toBeVisible();

  await page.getByRole("button", { name: "Mark done" }).click();
  await expect.element(page.getByText("Done ✓")).toBeVisible();
  await expect.element(page.getByRole("status").filter({ hasText: "Cell E1 is done" })).toBeInTheDocument();
  // The same button, now Undo, keeps the focus: a keyboard learner can take it back at once.
  const undo = page.getByRole("button", { name: "Undo" });
  await expect.element(undo).toHaveFocus();
  await expect.element(undo).toHaveAccessibleDescription("Done");
  await userEvent.keyboard("{ArrowRight}");
  await expect.element(page.getByRole("heading", { name: "Cell F1" })).toBeVisible();
  await expect.element(page.getByRole("button", { name: "Mark done" })).toBeVisible();
  await userEvent.keyboard("{ArrowLeft}");
  await undo.click();
  await expect.element(page.getByRole("button", { name: "Mark done" })).toHaveFocus();
  expect(page.getByText("Done ✓").query()).toBeNull();

  // Done again, then closed: the next cell to draw is the one after it.
  await userEvent.keyboard("d");
  await expect.element(page.getByText("Done ✓")).toBeVisible();
  await userEvent.keyboard("{Escape}");
  await expect.element(screen.getByText("1 of 99 cells done")).toBeVisible();
  await screen.getByRole("button", { name: "Next cell to draw" }).click();
  await expect.element(page.getByRole("heading", { name: "Cell F1" })).toBeVisible();
});

it("names every tool in the toolbar, and keeps the title beside the back arrow", async () => {
  const screen = await openCanvas();
  await expect.element(screen.getByRole("link", { name: "Back to Component Dragon" })).toBeVisible();
  await expect.element(screen.getByRole("heading", { level: 1, name: "Component Dragon" })).toBeVisible();
  const tools = screen.getByRole("group", { name: "Tools" });
  for (const name of ["Check my drawing", "Print / PDF", "Share your drawing"])
    await expect.element(tools.getByRole(name === "Share your drawing" ? "link" : "button", { name })).toBeVisible();
  await expect.element(screen.getByRole("button", { name: "Save", exact: true })).toBeVisible();
});

it("a member's saved progress replaces the defaults when the canvas opens", async () => {
  signInWith(api.members.returning.cookie);
  const screen = await openCanvas();
  await expect.element(screen.getByLabelText("Width")).toHaveValue(api.saved.paperWidth);
  await expect.element(screen.getByLabelText("Height")).toHaveValue(api.saved.paperHeight);
  await expect.element(screen.getByLabelText("Grid Size")).toHaveValue(api.saved.gridSize);
  await expect.element(screen.getByText("4 x 3 cells")).toBeVisible();
  await expect.element(screen.getByLabelText("Zoom level")).toHaveTextContent("140%");
});

it("a member's change saves itself without a word, and Save shows Saving... until the server has it", async () => {
  signInWith(api.members.saver.cookie);
  const screen = await openCanvas();
  await expect.element(screen.getByText("11 x 9 cells")).toBeVisible();
  expect(await savedOnServer()).toBeNull();

  // Autosave: the first change goes within a second or so, and says nothing.
  await screen.getByLabelText("Grid Size").fill("3");
  await expect.poll(async () => (await savedOnServer())?.gridSize, { timeout: 5000 }).toBe(3);
  expect(toast("Progress saved").query()).toBeNull();

  // Save: the button waits while the request is on its way, then the learner is told.
  await screen.getByLabelText("Width").fill("9");
  await commands.holdRequests("POST", "/api/wip");
  await screen.getByRole("button", { name: "Save", exact: true }).click();
  await expect.element(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();
  await commands.restoreRequests("POST", "/api/wip");
  await expect.element(toast("Progress saved")).toBeVisible();
  await expect.element(screen.getByRole("button", { name: "Save", exact: true })).toBeEnabled();
  expect(await savedOnServer()).toMatchObject({ paperWidth: 9, gridSize: 3 });
});

it("a visitor who then signs in keeps what they drew here: the canvas takes it into their account", async () => {
  const screen = await openCanvas();
  await screen.getByLabelText("Grid Size").fill("2");
  await expect.element(screen.getByText("6 x 5 cells")).toBeVisible();
  await screen.unmount();
  // A member with nothing saved for this dragon.
  signInWith(api.members.admin.cookie);
  expect(await savedOnServer()).toBeNull();
  const again = await openCanvas();
  await expect.element(again.getByLabelText("Grid Size")).toHaveValue(2);
  await expect.poll(async () => (await savedOnServer())?.gridSize, { timeout: 5000 }).toBe(2);
});

it("Save pressed while an autosave is on its way still answers, and the server ends with what is on screen", async () => {
  signInWith(api.members.hurried.cookie);
  const screen = await openCanvas();
  await expect.element(screen.getByText("11 x 9 cells")).toBeVisible();
  await commands.holdRequests("POST", "/api/wip");
  await screen.getByLabelText("Grid Size").fill("2");
  // The autosave is on its way, silent: Save stays ready under the learner's finger.
  await expect.poll(() => commands.heldRequests()).toBe(1);
  await expect.element(screen.getByRole("button", { name: "Save", exact: true })).toBeEnabled();
  await screen.getByLabelText("Width").fill("9");
  await screen.getByRole("button", { name: "Save", exact: true }).click();
  await expect.element(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();
  // It goes after the autosave, never before it: the older state cannot land last.
  expect(await commands.heldRequests()).toBe(1);
  await commands.restoreRequests("POST", "/api/wip");
  await expect.element(toast("Progress saved")).toBeVisible();
  expect(await savedOnServer()).toMatchObject({ gridSize: 2, paperWidth: 9 });
});

it("a member who leaves the canvas seconds after a change still finds it saved", async () => {
  signInWith(api.members.saver.cookie);
  const screen = await openCanvas();
  await screen.getByLabelText("Grid Size").fill("2");
  await expect.poll(async () => (await savedOnServer())?.gridSize, { timeout: 5000 }).toBe(2);
  // A second change within the autosave's 5 seconds, then straight back to the dragon page.
  await screen.getByLabelText("Grid Size").fill("4");
  await screen.unmount();
  await expect.poll(async () => (await savedOnServer())?.gridSize, { timeout: 3000 }).toBe(4);
  await expect.poll(() => localStorage.getItem(outboxKey(api.members.saver.id, api.dragons.kept))).toBeNull();
});

it("a member's save made offline and not sent yet opens first, and goes to the server", async () => {
  const { id, cookie } = api.members.outbox;
  signInWith(cookie);
  // This device as a visit that saved offline left it: the account kept, the save in the outbox.
  keepAccount(await callApi("GET /api/auth/user"));
  writeOutbox(id, api.dragons.kept, { ...CANVAS_DEFAULTS, gridSize: 4 });
  const screen = await openCanvas();
  await expect.element(screen.getByLabelText("Grid Size")).toHaveValue(4);
  // 8.5 in is two 4 in squares and 0.5 in, under a fifth of a square: two rows (decision 051).
  await expect.element(screen.getByText("3 x 2 cells")).toBeVisible();
  await expect.poll(async () => (await savedOnServer())?.gridSize, { timeout: 5000 }).toBe(4);
  await expect.poll(() => localStorage.getItem(outboxKey(id, api.dragons.kept))).toBeNull();
});

it("a member whose save cannot reach the server is told it waits on this device, and a later save sends it", async () => {
  const { id, cookie } = api.members.unlucky;
  signInWith(cookie);
  const screen = await openCanvas();
  await expect.element(screen.getByText("11 x 9 cells")).toBeVisible();
  await commands.cutRequests("POST", "/api/wip");
  await screen.getByLabelText("Height").fill("5");
  await screen.getByRole("button", { name: "Save", exact: true }).click();
  await expect.element(toast("Saved on this device")).toHaveTextContent(/The server could not be reached/);
  expect(JSON.parse(localStorage.getItem(outboxKey(id, api.dragons.kept))!).settings).toMatchObject({
    paperHeight: 5,
  });

  await commands.restoreRequests("POST", "/api/wip");
  await screen.getByRole("button", { name: "Save", exact: true }).click();
  await expect.element(toast("Progress saved")).toBeVisible();
  expect(localStorage.getItem(outboxKey(id, api.dragons.kept))).toBeNull();
  expect(await savedOnServer()).toMatchObject({ paperHeight: 5 });
});

it("a member whose save the server refuses is told to try again, and nothing waits on this device", async () => {
  const { id, cookie } = api.members.unlucky;
  signInWith(cookie);
  const screen = await openCanvas(api.dragons.doomed);
  await expect.element(screen.getByRole("heading", { name: "Doomed Dragon" })).toBeVisible();
  // An admin deletes this dragon while the learner draws it: the server refuses the save (404).
  expect(await commands.requestAs(api.members.admin.cookie, "DELETE", `/api/dragons/${api.dragons.doomed}`)).toBe(200);
  await screen.getByLabelText("Grid Size").fill("2");
  await screen.getByRole("button", { name: "Save", exact: true }).click();
  await expect.element(toast("Error")).toHaveTextContent("Failed to save your progress. Please try again.");
  expect(localStorage.getItem(outboxKey(id, api.dragons.doomed))).toBeNull();
});

it("on a phone, a unit switch keeps A4 exactly A4, offers a round square size, and counts no sliver of paper as cells", async () => {
  await page.viewport(390, 844);
  try {
    const screen = await openCanvas();
    await expect.element(screen.getByText("11 x 9 cells")).toBeInTheDocument();
    // The settings panel may sit behind its button on a phone.
    if (!screen.getByLabelText("Width").query()?.checkVisibility())
      await screen.getByRole("button", { name: "Settings" }).click();
    await expect.element(screen.getByLabelText("Width")).toBeVisible();

    await screen.getByRole("radio", { name: "Centimetres" }).click();
    await expect.element(screen.getByLabelText("Grid Size")).toHaveValue(2.5);
    // 27.94 cm is 11 squares of 2.5 cm and 0.44 cm, under a fifth of a square: it joins the last
    // column, and the count stays the one in inches.
    await expect.element(screen.getByText("11 x 9 cells")).toBeVisible();
    await screen.getByLabelText("Paper preset").selectOptions("a4");
    await expect.element(screen.getByLabelText("Width")).toHaveValue(29.7);
    await expect.element(screen.getByLabelText("Height")).toHaveValue(21);

    // Through inches and back: A4 is 29.7 x 21 cm again, not 29.69 x 21.01.
    await screen.getByRole("radio", { name: "Inches" }).click();
    await expect.element(screen.getByLabelText("Width")).toHaveValue(11.69);
    await expect.element(screen.getByLabelText("Grid Size")).toHaveValue(1);
    await screen.getByRole("radio", { name: "Centimetres" }).click();
    await expect.element(screen.getByLabelText("Width")).toHaveValue(29.7);
    await expect.element(screen.getByLabelText("Height")).toHaveValue(21);

    // The issue's paper: 21.01 cm with 3 cm squares is 7 rows, the 0.01 cm left over no row of its own.
    await screen.getByLabelText("Grid Size").fill("3");
    await expect.element(screen.getByText("10 x 7 cells")).toBeVisible();
    await screen.getByLabelText("Height").fill("21.01");
    await expect.element(screen.getByText("10 x 7 cells")).toBeVisible();
    await expect.element(screen.getByText("0 of 70 cells done")).toBeInTheDocument();

    // Under 1 cm the grid keeps 1 cm squares, and says so beside the field.
    await screen.getByLabelText("Grid Size").fill("0.5");
    await expect.element(screen.getByText("30 x 21 cells")).toBeVisible();
    await expect
      .element(screen.getByLabelText("Grid Size"))
      .toHaveAccessibleDescription(/Squares are at least 1 cm: the grid uses 1 cm until then\./);
    await screen.getByLabelText("Grid Size").fill("2");
    expect(screen.getByText(/Squares are at least/).query()).toBeNull();
  } finally {
    await page.viewport(1280, 900);
  }
});
