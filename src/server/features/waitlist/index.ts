export { waitlistPlugin } from "./plugin";
export { createProNews } from "./pro-news";
