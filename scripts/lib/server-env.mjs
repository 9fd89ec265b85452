// How the server process is started, wherever it is started (`npm start`, the e2e journeys, the
// benchmarks): Node's flags below, and glibc's allocator settings that bound the memory image work
// leaves behind. Those are read once, when the process starts, so they travel in its environment
// (decision 009).
// MALLOC_ARENA_MAX=1: threads other than the main one (libuv's pool, where libvips runs; V8's
// helpers) otherwise get arenas of their own, which keep what they free: 60–100 MB per 40 MP photo
// with an arena per thread, and with two arenas 3–26 MB after the first background jobs, enough
// to take an idle restart over 220 MB. MALLOC_MMAP_THRESHOLD_=1 MB: large buffers (decoded
// images) come from mmap and go back to the system when freed, instead of staying in the heap.
export const ALLOCATOR_ENV = { MALLOC_ARENA_MAX: "1", MALLOC_MMAP_THRESHOLD_: "1048576" };

/** `env` with the allocator settings added where it does not set them itself. */
export const serverEnv = (env) => ({ ...ALLOCATOR_ENV, ...env });

// V8's young generation under load: two semi-spaces of up to 16 MB each by default. At 4 MB the
// server's peak during the bench's 60 s load fell by ~50-90 MB at the same requests per second
// (decision 009): short-lived request garbage is collected sooner instead of growing the heap.
// --liftoff-only: PGlite's Postgres (WebAssembly) stays in V8's baseline compiler. Its optimising
// tier compiled the hot functions at start-up and left ~75 MB in the allocator's heap for good; the
// bench's reads, writes and capacity were the same without it (decision 038).
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4", "--liftoff-only"];
