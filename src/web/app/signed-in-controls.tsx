import { Link } from "wouter";
import { LogOut } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { Avatar } from "../components/avatar";
import { buttonClass } from "../components/ui/button";
import { useSignOut } from "../lib/use-sign-out";
import { NotificationBell } from "../features/notifications/notification-bell";
import type { CurrentUser } from "../../shared/auth/responses";

/**
 * The header's account part for a signed-in person: the notifications bell, avatar and first name
 * (or e-mail), and Sign Out. The header is on every screen size, so the bell sits here for phones too.
 */
export function SignedInControls({ user }: { user: CurrentUser }) {
  const { signOut, pending } = useSignOut();
  return (
    <div className="flex items-center gap-1 sm:gap-2">
      <NotificationBell unread={user.unreadNotifications ?? 0} />
      <Link
        href="/profile"
        className="inline-flex min-h-11 items-center gap-2 rounded-full px-1.5 hover:bg-paper-deep sm:pe-3"
      >
        <Avatar src={user.profileImageUrl} size={34} />
        {/* dir="auto": a name in another script than the page's is cut at its own end, not its beginning. */}
        <span dir="auto" className="hidden max-w-40 truncate text-sm font-semibold sm:inline">
          {user.firstName || user.email}
        </span>
        <span className="sr-only sm:hidden">
          <Trans>Your profile</Trans>
        </span>
      </Link>
      <button type="button" onClick={signOut} disabled={pending} className={buttonClass("ghost", "px-3")}>
        <LogOut className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
        <span className="hidden sm:inline">
          <Trans>Sign Out</Trans>
        </span>
        <span className="sr-only sm:hidden">
          <Trans>Sign Out</Trans>
        </span>
      </button>
    </div>
  );
}
