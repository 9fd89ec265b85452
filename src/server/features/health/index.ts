export { healthPlugin } from "./plugin";
