/** sessionStorage key for the path to come back to after signing in (docs/spec.md §3). */
export const RETURN_URL_KEY = "returnUrl";

export function clearReturnUrl(): void {
  try {
    sessionStorage.removeItem(RETURN_URL_KEY);
  } catch {
    // Storage can be disabled (private modes); there is then nothing to clear.
  }
}

/** Remember a route of this site (without a language's prefix) to come back to after signing in. */
export function storeReturnUrl(path: string): void {
  try {
    sessionStorage.setItem(RETURN_URL_KEY, path);
  } catch {
    // Without storage the user simply lands on /home after signing in.
  }
}

/** The stored return URL (raw; run it through safeReturnUrl before use). */
export function readReturnUrl(): string | null {
  try {
    return sessionStorage.getItem(RETURN_URL_KEY);
  } catch {
    return null;
  }
}
