import { describe, expect, it } from "vitest";
import { moderationActionSchema } from "../../../shared/moderation";
import { ACTIONS, actionBody, isDirect, type ActionRequest } from "./actions";

const POST = "6f1c2b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f";
const COMMENT = "7a1c2b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f";
const USER = "8b1c2b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f";

const requests: ActionRequest[] = [
  ...(["approve", "reject", "hide-post", "restore-post", "delete-post", "dismiss-post"] as const).map((action) => ({
    action,
    postId: POST,
    subject: "post",
  })),
  ...(["hide-comment", "restore-comment", "delete-comment", "dismiss-comment"] as const).map((action) => ({
    action,
    commentId: COMMENT,
    subject: "comment",
  })),
  ...(["warn", "suspend", "ban", "lift"] as const).map((action) => ({ action, userId: USER, subject: "Ann" })),
];

describe("moderation action bodies", () => {
  it("every action's body, with a reason, is what the server's schema accepts", () => {
    for (const request of requests) {
      const parsed = moderationActionSchema.safeParse(actionBody(request, "  Because  ", 30));
      expect(parsed.success, request.action).toBe(true);
      expect(parsed.data).toMatchObject({ action: request.action, reason: "Because" });
    }
    expect(
      actionBody(
        requests.find((r) => r.action === "suspend")!,
        "x",
        1,
      ),
    ).toMatchObject({ days: 1 });
  });

  it("without a reason, exactly the actions the dialog asks a reason for are refused", () => {
    for (const request of requests) {
      const parsed = moderationActionSchema.safeParse(actionBody(request, " ", 7));
      expect(parsed.success, request.action).toBe(!ACTIONS[request.action].needsReason);
      // An action that runs without a dialog never needs a reason.
      if (isDirect(request.action)) expect(ACTIONS[request.action].needsReason).toBe(false);
    }
  });
});
