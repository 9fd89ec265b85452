// What app.ts registers of the analytics feature.
export { analyticsPlugin } from "./plugin";
