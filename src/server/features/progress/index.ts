export { progressPlugin } from "./plugin";
