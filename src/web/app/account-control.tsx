import { lazy, Suspense } from "react";
import { useLocation } from "wouter";
import { LogIn } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { buttonClass } from "../components/ui/button";
import { useAuth } from "../lib/auth";
import { clearReturnUrl } from "../lib/return-url";
import { withMembersMessages } from "../lib/i18n";

// Most first visits are visitors': the signed-in part (avatar, sign-out) loads only for members,
// behind the same placeholder the header shows while the account loads (no layout shift).
// Its notification bell speaks in the members' catalog.
const SignedInControls = lazy(
  withMembersMessages(() => import("./signed-in-controls").then((m) => ({ default: m.SignedInControls }))),
);

const placeholder = <span className="h-11 w-24" aria-hidden />;

/** Header's right side: avatar, first name (or e-mail) and Sign Out; Sign In for visitors. */
export function AccountControl() {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  if (isLoading) return placeholder;
  if (!user) {
    return (
      <button
        type="button"
        className={buttonClass("primary", "px-3 sm:px-4")}
        onClick={() => {
          // A deliberate sign-in starts fresh: no stale page to be sent back to.
          clearReturnUrl();
          navigate("/login");
        }}
      >
        <LogIn className="hidden h-4 w-4 sm:block rtl:-scale-x-100" aria-hidden />
        <Trans>Sign In</Trans>
      </button>
    );
  }
  return (
    <Suspense fallback={placeholder}>
      <SignedInControls user={user} />
    </Suspense>
  );
}
