export { picturesPlugin } from "./plugin";
