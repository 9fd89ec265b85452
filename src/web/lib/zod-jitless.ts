// The browser's "zod" (vite.config.ts aliases the bare import here): the same library, configured
// before any schema exists to never compile validators with `new Function`. Our CSP forbids eval,
// and zod's probe for it would otherwise be reported as a violation on every page using a schema.
import { config } from "zod/v4/core";

config({ jitless: true });

export * from "zod/v4";
export { z, z as default } from "zod/v4";
