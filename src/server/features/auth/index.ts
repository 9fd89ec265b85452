export { authPlugin } from "./plugin";
