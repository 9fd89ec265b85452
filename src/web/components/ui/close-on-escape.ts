import type { KeyboardEvent } from "react";

/**
 * A keydown handler for a Radix dialog's content: Escape closes the dialog that has focus.
 *
 * Radix hands Escape to the newest dismissable layer only, and a toast is one. A toast shown while
 * a dialog is open (a form's "Email Required") is newer than the dialog, so Escape closed the
 * toast and left the dialog open with focus inside it. A dialog just opened also takes Escape
 * only after its second effect pass, some 10 ms later; a key pressed before went to the toast.
 * Radix marks an Escape it has used (preventDefault), so this acts only on one it left.
 */
export function closeOnEscape(close: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    close();
  };
}
