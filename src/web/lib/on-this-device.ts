import type { CurrentUser } from "../../shared/auth/responses";
import { ACCOUNT_KEY, isPersonKey } from "./on-this-device-keys";

// The one place this browser keeps a signed-in person's data: their account (so a canvas opened
// once knows offline who is drawing), each dragon's last saved progress, and saves made offline
// that wait for the server (the outbox; both kept by features/canvas/progress-on-this-device.ts).
// The service worker keeps only answers that are public to everyone (decision 013). Signing out,
// 'Sign out everywhere', deleting the account and a session found ended all call
// `forgetThisPerson` (forget-this-person.ts, loaded when needed), so nothing of theirs stays on a
// shared device. The keys and the outbox's rule are pure, in on-this-device-keys.ts.

export function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the page still works online, it just cannot reopen offline.
  }
}

export const keepAccount = (user: CurrentUser) => write(ACCOUNT_KEY, user);
export const keptAccount = () => read<CurrentUser>(ACCOUNT_KEY);

export function ownKeys(): string[] {
  try {
    return Object.keys(localStorage).filter(isPersonKey);
  } catch {
    return [];
  }
}

/** Whether this browser holds anything of a signed-in person (cheap: one look at localStorage). */
export const holdsSomeone = () => ownKeys().length > 0;
