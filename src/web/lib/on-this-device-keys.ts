// The pure part of lib/on-this-device.ts: how its localStorage keys start and which keys hold a
// signed-in person's data (progress-keys.ts names progress and outbox keys). No storage here, so
// the server test project checks it directly (on-this-device-keys.test.ts). Every page loads it.

/** Every key holding a signed-in person's data starts with this; a visitor's canvas copy does not. */
export const PERSON_PREFIX = "dragon-grid:me:";
export const ACCOUNT_KEY = `${PERSON_PREFIX}account`;
/** Whether a key holds a signed-in person's data (anyone's: leaving forgets them all). */
export const isPersonKey = (key: string) => key.startsWith(PERSON_PREFIX);
