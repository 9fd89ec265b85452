// What app.ts registers of the blog feature.
export { blogPlugin } from "./plugin";
