import { expect, it } from "vitest";
import { render } from "vitest-browser-react";
import { i18n, setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { RelativeTime } from "./relative-time";

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600 * 1000).toISOString();

it("says how long ago in English, and 'just now' for the last minute", async () => {
  const shown = await render(
    <I18nProvider i18n={i18n}>
      <RelativeTime iso={hoursAgo(3)} />
      <RelativeTime iso={new Date().toISOString()} />
    </I18nProvider>,
  );
  const times = shown.container.querySelectorAll("time");
  expect(times[0]!.textContent).toBe("3 hours ago");
  expect(times[1]!.textContent).toBe("just now");
});

it("says it in the page's language, whatever the browser's", async () => {
  const spanish = setupI18n({ locale: "es", messages: { es: {} } });
  const shown = await render(
    <I18nProvider i18n={spanish}>
      <RelativeTime iso={hoursAgo(3)} />
    </I18nProvider>,
  );
  const time = shown.container.querySelector("time")!;
  expect(time.textContent).toBe("hace 3 horas");
  // The full date on hover is Spanish too.
  expect(time.title).toMatch(/ de \d{4}/);
});
