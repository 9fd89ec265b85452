// A reported comment in the moderation queue reads as it did before its words became messages:
// the count of reports, the author line, the link to its post, and its actions.
import { expect, it, vi } from "vitest";
import { page } from "vitest/browser";
import { renderScreen } from "../../test/render-screen";
import type { QueueItem } from "./api";
import { QueueItemCard } from "./queue-item";

const item = {
  type: "comment",
  comment: {
    id: "7a1c2b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f",
    text: "Rude words",
    createdAt: "2026-05-04T10:00:00.000Z",
    hiddenReason: null,
  },
  postId: "6f1c2b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f",
  postDescription: "My first dragon",
  author: {
    id: "8b1c2b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f",
    firstName: "Ann",
    lastName: "Lee",
    email: "ann@example.com",
    profileImageUrl: null,
    suspendedUntil: null,
    banned: true,
  },
  reports: { count: 2, latestAt: "2026-05-05T10:00:00.000Z", reasons: [{ reason: "spam", count: 2 }], notes: [] },
} as unknown as QueueItem;

it("a reported comment shows its reports, its author and its actions in English", async () => {
  const onRequest = vi.fn();
  renderScreen(
    <QueueItemCard item={item} selected onSelect={() => {}} onRequest={onRequest} busy={false} />,
    "/admin/moderation",
  );
  await expect.element(page.getByRole("article", { name: "Comment by Ann Lee" })).toBeVisible();
  await expect.element(page.getByText("2 reports")).toBeVisible();
  await expect.element(page.getByText("Author: Ann Lee")).toBeVisible();
  await expect.element(page.getByText("Banned")).toBeVisible();
  await expect.element(page.getByRole("link", { name: "the post “My first dragon”" })).toBeVisible();
  await expect.element(page.getByRole("group", { name: "Actions on Ann Lee" })).toBeVisible();
  await page.getByRole("button", { name: "Dismiss reports" }).click();
  expect(onRequest).toHaveBeenCalledWith(expect.objectContaining({ action: "dismiss-comment", subject: "Ann Lee" }));
});
