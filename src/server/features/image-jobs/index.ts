export { imageJobsPlugin } from "./plugin";
