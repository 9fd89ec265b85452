import { expect, it } from "vitest";
import { POST_DESCRIPTION_MAX } from "../../../../shared/posts";
import { DESCRIPTION_MAX } from "./photo-upload";

it("lets a shared photo's description be as long as any post's", () => {
  expect(DESCRIPTION_MAX).toBe(POST_DESCRIPTION_MAX);
});
