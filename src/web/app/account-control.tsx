import { Link, useLocation } from "wouter";
import { LogIn, LogOut } from "lucide-react";
import { Avatar } from "../components/avatar";
import { buttonClass } from "../components/ui/button";
import { useAuth } from "../lib/auth";
import { clearReturnUrl } from "../lib/return-url";
import { useSignOut } from "../features/auth/use-sign-out";

/** Header's right side: avatar, first name (or e-mail) and Sign Out; Sign In for visitors. */
export function AccountControl() {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  const { signOut, pending } = useSignOut();
  if (isLoading) return <span className="h-11 w-24" aria-hidden />;
  if (!user) {
    return (
      <button
        type="button"
        className={buttonClass("primary", "px-4")}
        onClick={() => {
          // A deliberate sign-in starts fresh: no stale page to be sent back to.
          clearReturnUrl();
          navigate("/login");
        }}
      >
        <LogIn className="h-4 w-4" aria-hidden />
        Sign In
      </button>
    );
  }
  return (
    <div className="flex items-center gap-1 sm:gap-2">
      <Link href="/profile" className="inline-flex min-h-11 items-center gap-2 rounded-full px-1.5 hover:bg-paper-deep sm:pr-3">
        <Avatar src={user.profileImageUrl} size={34} />
        <span className="hidden max-w-40 truncate text-sm font-semibold sm:inline">{user.firstName || user.email}</span>
        <span className="sr-only sm:hidden">Your profile</span>
      </Link>
      <button type="button" onClick={signOut} disabled={pending} className={buttonClass("ghost", "px-3")}>
        <LogOut className="h-4 w-4" aria-hidden />
        <span className="hidden sm:inline">Sign Out</span>
        <span className="sr-only sm:hidden">Sign Out</span>
      </button>
    </div>
  );
}
