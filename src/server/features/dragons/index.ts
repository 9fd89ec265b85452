export { dragonsPlugin } from "./plugin";
export { seedSamples } from "./seed-samples";
