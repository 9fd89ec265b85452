export { companionPlugin } from "./plugin";
