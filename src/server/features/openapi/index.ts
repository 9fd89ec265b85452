export { openApiPlugin } from "./plugin";
