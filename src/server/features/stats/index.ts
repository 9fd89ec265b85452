// What app.ts registers of the stats feature.
export { statsPlugin } from "./plugin";
