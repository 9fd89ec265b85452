import { Link } from "wouter";
import { BarChart3, LogOut, NotebookPen, ShieldCheck, TrendingUp, UserRound, Users } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar } from "../../components/avatar";
import { SignUpTeaser } from "../../components/teaser";
import { Button, buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { useAuth } from "../../lib/auth";
import { useSignOut } from "../../lib/use-sign-out";
import { MyDrawings } from "../../features/posts/my-drawings";
import { DataCard } from "../../features/account/data-card";
import { PasswordCard } from "../../features/account/password-card";
import { ProfileDetails } from "../../features/account/profile-details";
import { EmailSettingsCard } from "../../features/account/email-settings-card";
import { LanguageCard } from "../../features/account/language-card";
import { BlockedPeopleCard } from "../../features/account/blocked-people-card";
import { MyReportsCard } from "../../features/account/my-reports-card";
import { SanctionBanner } from "../../features/account/sanction-banner";
import { ModerationQueueLink } from "./moderation-queue-link";
import { useScreenPageMeta } from "../../lib/use-screen-page-meta";

/** /profile: who you are, admin tools for admins, sign out; a teaser for visitors. */
export function ProfilePage() {
  useScreenPageMeta("/profile");
  const { t } = useLingui();
  const { user, isLoading } = useAuth();
  const { signOut, pending } = useSignOut();
  if (isLoading) return <Spinner label={t`Loading your profile`} />;
  if (!user) {
    return (
      <SignUpTeaser icon={UserRound} title={t`Your Profile`}>
        <p>
          <Trans>
            Create a free account to keep your drawing progress on every device, share your dragons with the community,
            and like and comment on other learners' drawings.
          </Trans>
        </p>
      </SignUpTeaser>
    );
  }
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return (
    <div className="mx-auto grid max-w-xl grid-cols-1 gap-5 px-4 py-10 sm:py-14">
      {user.sanction && <SanctionBanner sanction={user.sanction} />}
      <Card className="p-8 text-center">
        <div className="flex justify-center">
          <Avatar src={user.profileImageUrl} size={96} />
        </div>
        <h1 className="mt-4 break-words text-3xl font-bold">{fullName || user.firstName || user.email}</h1>
        {user.isAdmin && (
          <span className="mt-3 inline-flex items-center gap-1 rounded-full bg-accent-soft px-3 py-1 text-xs font-bold uppercase tracking-wider text-accent-strong">
            <ShieldCheck className="h-3.5 w-3.5" aria-hidden /> <Trans>Admin</Trans>
          </span>
        )}
        <p className="mt-2 break-words text-ink-soft">{user.email}</p>
      </Card>
      <ProfileDetails key={`${user.id}:${user.firstName}:${user.lastName}`} user={user} />
      <Link href="/progress" className={buttonClass("secondary", "w-full")}>
        <TrendingUp className="h-4 w-4" aria-hidden /> <Trans>Your Progress</Trans>
      </Link>
      <MyDrawings />
      <LanguageCard />
      <EmailSettingsCard />
      {user.isAdmin && (
        <Card className="p-6">
          <h2 className="text-xl font-bold">
            <Trans>Admin Tools</Trans>
          </h2>
          <div className="mt-4 grid gap-3">
            <ModerationQueueLink />
            <Link
              href="/admin/stats"
              className={buttonClass("secondary", "w-full justify-start whitespace-normal text-start")}
            >
              <BarChart3 className="h-4 w-4" aria-hidden /> <Trans>View Statistics Dashboard</Trans>
            </Link>
            <Link
              href="/admin/blog/list"
              className={buttonClass("secondary", "w-full justify-start whitespace-normal text-start")}
            >
              <NotebookPen className="h-4 w-4" aria-hidden /> <Trans>Manage Blog Posts</Trans>
            </Link>
            <Link
              href="/admin/users"
              className={buttonClass("secondary", "w-full justify-start whitespace-normal text-start")}
            >
              <Users className="h-4 w-4" aria-hidden /> <Trans>Manage People</Trans>
            </Link>
          </div>
        </Card>
      )}
      <BlockedPeopleCard />
      <MyReportsCard />
      <PasswordCard user={user} />
      <DataCard user={user} />
      <Button variant="secondary" onClick={signOut} disabled={pending} className="w-full">
        <LogOut className="h-4 w-4" aria-hidden /> {pending ? <Trans>Signing out...</Trans> : <Trans>Sign Out</Trans>}
      </Button>
    </div>
  );
}
