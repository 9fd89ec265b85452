// What app.ts composes from the moderation feature: its plugin, and the actions the feed's Approve
// takes too.
export { moderationPlugin } from "./plugin";
export { createModerationActions } from "./actions";
