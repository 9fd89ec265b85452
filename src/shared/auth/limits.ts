// Account limits shared by the forms and the server; kept free of zod so screens can import them cheaply.

/** Verification links expire after 24 hours (docs/spec.md §9). */
export const VERIFICATION_TTL_HOURS = 24;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Password-reset links expire after an hour (OWASP Forgot Password cheat sheet: short-lived). */
export const PASSWORD_RESET_TTL_MINUTES = 60;
