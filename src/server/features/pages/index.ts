export { pagesPlugin } from "./plugin";
export { createPageCache } from "./rendered-pages";
