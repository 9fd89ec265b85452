import { buttonClass } from "../../components/ui/button";
import { serverMessage } from "../../lib/errors";
import { FRESH_SIGN_IN_MESSAGE, FRESH_SIGN_IN_MINUTES } from "../../../shared/account";

/**
 * A Google-only account's first password and its deletion need a Google sign-in from the last few
 * minutes (decision 015). When the server asks for one, this says why and offers it, coming back
 * to the profile.
 */
export function ConfirmWithGoogle({ error }: { error: unknown }) {
  if (serverMessage(error) !== FRESH_SIGN_IN_MESSAGE) return null;
  return (
    <div role="alert" className="grid gap-3 rounded-2xl border border-line bg-accent-soft/50 p-4 text-sm text-ink">
      <p>
        For your safety, this needs a Google sign-in from the last {FRESH_SIGN_IN_MINUTES} minutes. Confirm it's you,
        then try again.
      </p>
      <a
        href="/api/auth/google?returnUrl=%2Fprofile&confirm=1"
        className={buttonClass("secondary", "justify-self-start")}
      >
        Confirm with Google
      </a>
    </div>
  );
}
