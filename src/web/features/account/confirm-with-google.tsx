import { Plural, Trans } from "@lingui/react/macro";
import { buttonClass } from "../../components/ui/button";
import { FRESH_SIGN_IN_MINUTES } from "../../../shared/account";

/**
 * A Google-only account's first password and its deletion need a Google sign-in from the last few
 * minutes (decision 015). When the server asks for one, this says why and offers it, coming back
 * to the profile.
 */
export function ConfirmWithGoogle({ error }: { error: unknown }) {
  // A Google-only account's first password and its deletion are refused with 403 only for a sign-in
  // that is not fresh (FRESH_SIGN_IN_MESSAGE, in the page's language); what this shows is the page's words.
  if (!(error instanceof Error && error.message.startsWith("403: "))) return null;
  const minutes = FRESH_SIGN_IN_MINUTES;
  return (
    <div role="alert" className="grid gap-3 rounded-2xl border border-line bg-accent-soft/50 p-4 text-sm text-ink">
      <p>
        <Plural
          value={minutes}
          one="For your safety, this needs a Google sign-in from the last minute. Confirm it's you, then try again."
          other="For your safety, this needs a Google sign-in from the last # minutes. Confirm it's you, then try again."
        />
      </p>
      <a
        href="/api/auth/google?returnUrl=%2Fprofile&confirm=1"
        className={buttonClass("secondary", "justify-self-start")}
      >
        <Trans>Confirm with Google</Trans>
      </a>
    </div>
  );
}
