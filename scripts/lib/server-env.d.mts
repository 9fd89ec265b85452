/** glibc's allocator settings for the server process (see server-env.mjs). */
export const ALLOCATOR_ENV: Record<string, string>;
/** `env` with the allocator settings added where it does not set them itself. */
export function serverEnv<T extends Record<string, string | undefined>>(env: T): T & Record<string, string>;
/** Node flags the server process starts with (decision 009). */
export declare const SERVER_NODE_FLAGS: string[];
