// 'Your checks' on the canvas: the accuracy line and each kind of whole-drawing error from the first
// check that measured it to the latest (decisions 061, 064, 065), as a learner reads them.
import { expect, it } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { CheckHistory } from "./check-history";
import type { KeptCheck, KeptWhole } from "../../../shared/drawing-check/kept-checks";

const DRAGON = "3f1d2c4b-0000-4000-8000-00000000c0de";

const check = (day: number, whole: KeptWhole | null): KeptCheck => ({
  id: `00000000-0000-4000-8000-00000000000${day}`,
  ladderStep: null,
  createdAt: `2026-11-0${day}T10:00:00.000Z`,
  columns: 2,
  rows: 1,
  cells: [
    { label: "A1", status: "close", errorMm: 0.4 },
    { label: "B1", status: day > 2 ? "close" : "off", errorMm: day > 2 ? 0.8 : 4 },
  ],
  whole,
  photoUrl: null,
  practice: null,
});

/** What a screen reader and a sighted reader get, without the marks that keep each figure in its order. */
const plain = (text: string | null) => (text ?? "").replace(/[\u2066-\u2069]/g, "");

it("shows each kind of whole-drawing error from the first check that measured it to the latest, leaving out what none measured", async () => {
  render(
    <I18nProvider i18n={i18n}>
      <CheckHistory
        dragonId={DRAGON}
        checks={[
          // Kept before the whole drawing was measured, then before parts and stretches were.
          check(1, null),
          check(2, { sizePercent: 5.2, turnDegrees: -3.1, shiftMm: 4.4 }),
          check(3, { sizePercent: -1.4, turnDegrees: 0.6, shiftMm: 0, partPercent: 9.8, stretchPercent: -6.2 }),
          check(4, { sizePercent: 0.3, turnDegrees: 0.2, shiftMm: 0, partPercent: 0, stretchPercent: 2.4 }),
        ]}
      />
    </I18nProvider>,
  );
  await expect
    .element(page.getByRole("img", { name: "Your last 4 checks: from 50 % to 100 % of drawn cells within 1.5 mm" }))
    .toBeVisible();
  const list = page.getByLabelText("Whole drawing, first check to latest");
  await expect.element(list).toBeVisible();
  const rows = list.element().querySelectorAll("dt");
  const said = [...rows].map((term) => `${term.textContent}: ${plain(term.nextElementSibling!.textContent)}`);
  expect(said).toEqual([
    "Size off: 5 % → 0 %",
    "Turned: 3° → 0°",
    "Shifted: 4 mm → 0 mm",
    "A part out of proportion: 10 % → 0 %",
    "Stretched: 6 % → 2 %",
  ]);
});

it("shows nothing of the whole drawing when no check measured it", async () => {
  render(
    <I18nProvider i18n={i18n}>
      <CheckHistory dragonId={DRAGON} checks={[check(1, null)]} />
    </I18nProvider>,
  );
  await expect.element(page.getByRole("img", { name: /^One check: 50 % of drawn cells/ })).toBeVisible();
  expect(page.getByLabelText("Whole drawing, first check to latest").query()).toBeNull();
});

it("shows the latest practice sheet's cells before and after", async () => {
  const practised: KeptCheck = {
    ...check(2, null),
    practice: {
      cells: [{ label: "B1", status: "close", errorMm: 1.2 }],
      practisedAt: "2026-11-04T10:00:00.000Z",
    },
  };
  render(
    <I18nProvider i18n={i18n}>
      <CheckHistory dragonId={DRAGON} checks={[check(1, null), practised, check(3, null)]} />
    </I18nProvider>,
  );
  const list = page.getByLabelText(/^Practice sheet of .+, before and after$/);
  await expect.element(list).toBeVisible();
  const rows = list.element().querySelectorAll("dt");
  expect([...rows].map((term) => `${term.textContent}: ${plain(term.nextElementSibling!.textContent)}`)).toEqual([
    "B1: 4 mm → 1.2 mm",
  ]);
});

it("shows no practice sheet before one is photographed", async () => {
  render(
    <I18nProvider i18n={i18n}>
      <CheckHistory dragonId={DRAGON} checks={[check(1, null)]} />
    </I18nProvider>,
  );
  await expect.element(page.getByRole("img", { name: /^One check/ })).toBeVisible();
  expect(page.getByLabelText(/^Practice sheet of/).query()).toBeNull();
});
