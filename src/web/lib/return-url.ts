/** sessionStorage key for the path to come back to after signing in (SPEC.md section 3). */
export const RETURN_URL_KEY = "returnUrl";

export function clearReturnUrl(): void {
  try {
    sessionStorage.removeItem(RETURN_URL_KEY);
  } catch {
    // Storage can be disabled (private modes); there is then nothing to clear.
  }
}
