export { accountPlugin } from "./plugin";
