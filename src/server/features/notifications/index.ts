// What app.ts composes from the notifications feature: its plugin, and the notifier the feed,
// moderation and the account pages tell what happened.
export { notificationsPlugin } from "./plugin";
export { createNotifier } from "./notifier";
