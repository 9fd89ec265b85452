export { uploadsPlugin } from "./plugin";
