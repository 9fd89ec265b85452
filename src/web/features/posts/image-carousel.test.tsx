// A post's photos as a reader moves through them: the words say which photo is shown, and on a
// right-to-left page the carousel is mirrored (the next photo lies to the left, and ArrowLeft
// brings it), while a left-to-right page keeps ArrowRight for the next one.
import { expect, it } from "vitest";
import { userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { PostImage } from "../../../shared/posts/responses";
import { ImageCarousel } from "./image-carousel";
// The app's styles: where the arrows sit is the stylesheet's doing (start-2, end-2).
import "../../styles.css";

// Two grey squares: the carousel needs pictures, not particular ones.
const grey =
  "data:image/svg+xml," + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"/>');
const images: PostImage[] = [0, 1].map((order) => ({
  imageUrl: `${grey}#${order}`,
  thumbUrl: `${grey}#${order}`,
  width: 40,
  height: 30,
  order,
}));

const show = (dir: "ltr" | "rtl") =>
  render(
    <I18nProvider i18n={i18n}>
      <div dir={dir} style={{ width: 400 }}>
        <ImageCarousel images={images} label="Ada's drawing" />
      </div>
    </I18nProvider>,
  );

it("says which photo is shown, and moves with the arrows, the keys and the dots", async () => {
  const screen = await show("ltr");
  const carousel = screen.getByRole("region", { name: "Ada's drawing, use the arrow keys to see the other photos" });
  const photo = screen.getByRole("img");
  await expect.element(photo).toHaveAttribute("alt", "Ada's drawing, photo 1 of 2");
  await screen.getByRole("button", { name: "Next photo" }).click();
  await expect.element(photo).toHaveAttribute("alt", "Ada's drawing, photo 2 of 2");
  (carousel.element() as HTMLElement).focus();
  await userEvent.keyboard("{ArrowLeft}");
  await expect.element(photo).toHaveAttribute("alt", "Ada's drawing, photo 1 of 2");
  await userEvent.keyboard("{ArrowRight}");
  await expect.element(photo).toHaveAttribute("alt", "Ada's drawing, photo 2 of 2");
  await screen.getByRole("button", { name: "Show photo 1 of 2" }).click();
  await expect.element(photo).toHaveAttribute("alt", "Ada's drawing, photo 1 of 2");
});

it("is mirrored on a right-to-left page: Next on the left, ArrowLeft for the next photo", async () => {
  const screen = await show("rtl");
  const photo = screen.getByRole("img");
  const next = screen.getByRole("button", { name: "Next photo" });
  const frame = screen.getByRole("region").element().getBoundingClientRect();
  expect(next.element().getBoundingClientRect().right).toBeLessThan(frame.left + frame.width / 2);

  (screen.getByRole("region").element() as HTMLElement).focus();
  await userEvent.keyboard("{ArrowLeft}");
  await expect.element(photo).toHaveAttribute("alt", "Ada's drawing, photo 2 of 2");
  const previous = screen.getByRole("button", { name: "Previous photo" });
  expect(previous.element().getBoundingClientRect().left).toBeGreaterThan(frame.left + frame.width / 2);
  await userEvent.keyboard("{ArrowRight}");
  await expect.element(photo).toHaveAttribute("alt", "Ada's drawing, photo 1 of 2");
});
