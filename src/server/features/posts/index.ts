// What app.ts composes from the posts feature: its plugin, and the feed that moderation, blocks
// and reports act on.
export { postsPlugin } from "./plugin";
export { createFeed, type FeedChange } from "./feed";
export { createPostsRepository } from "./repository";
