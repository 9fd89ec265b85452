import { lazy, Suspense } from "react";
import { Link } from "wouter";
import {
  TriangleAlert,
  Download,
  Heart,
  Images,
  MessageCircle,
  ShieldAlert,
  Sparkles,
  Users,
  WandSparkles,
} from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { useAuth } from "../../lib/auth";
import type { AdminStats } from "../../../shared/stats/responses";
import { AnalyticsSection } from "./analytics-section";
import { useAdminStats, WAITLIST_CSV_URL } from "./api";
import { formatDate, formatDateTime, formatMonth, formatNumber } from "./format";
import { Badge, Cell, DataTable, EmptyState, Section, StatCard, WIDE_ONLY } from "./parts";
import { useScreenPageMeta } from "../../lib/use-screen-page-meta";

// Chart.js comes with the charts, after the figures are on screen.
const RegistrationChart = lazy(() => import("./stats-charts").then((m) => ({ default: m.RegistrationChart })));

function AccessDenied() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <ShieldAlert className="h-12 w-12 text-accent" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold">
        <Trans>Access Denied</Trans>
      </h1>
      <p className="mt-3 text-ink-soft">
        <Trans>You need admin privileges to view this page.</Trans>
      </p>
      <Link href="/home" className={buttonClass("primary", "mt-8")}>
        <Trans>Go Home</Trans>
      </Link>
    </div>
  );
}

function LoadFailed() {
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <Card role="alert" className="p-8 text-center">
        <TriangleAlert className="mx-auto h-10 w-10 text-danger" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">
          <Trans>Error Loading Stats</Trans>
        </h1>
        <p className="mt-2 text-ink-soft">
          <Trans>Failed to fetch statistics. Please try again later.</Trans>
        </p>
      </Card>
    </div>
  );
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ");

function RegistrationTimeline({ months }: { months: AdminStats["registrationTimeline"] }) {
  const { t, i18n } = useLingui();
  const empty = months.every((month) => month.count === 0);
  return (
    <Section title={t`Registration Timeline`} description={t`New sign-ups per month over the last 12 months.`}>
      {empty ? (
        <EmptyState>
          <Trans>No data available</Trans>
        </EmptyState>
      ) : (
        <>
          <div className="relative h-64 sm:h-72">
            <Suspense fallback={<div className="h-full animate-pulse rounded-2xl bg-paper-deep" />}>
              <RegistrationChart months={months} />
            </Suspense>
          </div>
          <div className="sr-only">
            <table>
              <caption>
                <Trans>Sign-ups per month, last 12 months</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Month</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Sign-ups</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {months.map((month) => (
                  <tr key={month.month}>
                    <th scope="row">{formatMonth(i18n, month.month, true)}</th>
                    <td>{formatNumber(i18n, month.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Section>
  );
}

/** An account's badges: Verified and Admin, or a dash for neither. */
function StatusBadges({ user }: { user: AdminStats["recentUsers"][number] }) {
  return (
    <>
      {user.emailVerified && (
        <Badge tone="green">
          <Trans>Verified</Trans>
        </Badge>
      )}
      {user.isAdmin && (
        <Badge tone="accent">
          <Trans>Admin</Trans>
        </Badge>
      )}
      {!user.emailVerified && !user.isAdmin && <span className="text-ink-soft">—</span>}
    </>
  );
}

// On a phone the tables keep their last column (a date, a count) in view and gather the others
// under the first cell's e-mail, which wraps: nothing is cut at the card's edge.
// eslint-disable-next-line lingui/no-unlocalized-strings -- a class list, not words
const PHONE_ONLY = "block sm:hidden";

function RecentUsers({ users }: { users: AdminStats["recentUsers"] }) {
  const { t, i18n } = useLingui();
  const count = users.length;
  return (
    <Section
      title={t`Recent User Registrations`}
      description={t({ message: plural(count, { one: "The newest account.", other: "The # newest accounts." }) })}
    >
      {users.length === 0 ? (
        <EmptyState>
          <Trans>No users yet</Trans>
        </EmptyState>
      ) : (
        <DataTable
          label={t`Recent user registrations`}
          headers={[t`Email`, t`Name`, t`Status`, t`Registered`]}
          wideOnly={[1, 2]}
        >
          {users.map((user) => {
            const name = fullName(user.firstName, user.lastName);
            return (
              <tr key={user.id}>
                <Cell className="font-medium [overflow-wrap:anywhere] sm:whitespace-nowrap">
                  <span>{user.email}</span>
                  {name && <span className={`${PHONE_ONLY} font-normal text-ink-soft`}>{name}</span>}
                  <span className={`${PHONE_ONLY} mt-1`}>
                    <span className="flex flex-wrap gap-1">
                      <StatusBadges user={user} />
                    </span>
                  </span>
                </Cell>
                <Cell className={`whitespace-nowrap text-ink-soft ${WIDE_ONLY}`}>{name || "—"}</Cell>
                <Cell className={WIDE_ONLY}>
                  <span className="flex gap-1">
                    <StatusBadges user={user} />
                  </span>
                </Cell>
                <Cell className="whitespace-nowrap text-ink-soft">
                  <time dateTime={user.createdAt}>{formatDate(i18n, user.createdAt)}</time>
                </Cell>
              </tr>
            );
          })}
        </DataTable>
      )}
    </Section>
  );
}

function ActiveUsers({ users }: { users: AdminStats["activeUsers"] }) {
  const { t, i18n } = useLingui();
  return (
    <Section title={t`Most Active Users`} description={t`The members with the most posts.`}>
      {users.length === 0 ? (
        <EmptyState>
          <Trans>No active users yet</Trans>
        </EmptyState>
      ) : (
        <DataTable
          label={t`Most active users`}
          headers={["#", t`Name`, t`Email`, t`Posts`]}
          numeric={[3]}
          wideOnly={[2]}
        >
          {users.map((user, i) => (
            <tr key={user.id}>
              <Cell className="w-8 tabular-nums text-ink-soft">{formatNumber(i18n, i + 1)}</Cell>
              <Cell className="font-medium [overflow-wrap:anywhere] sm:whitespace-nowrap">
                {fullName(user.first_name, user.last_name) || "—"}
                <span className={`${PHONE_ONLY} font-normal text-ink-soft [overflow-wrap:anywhere]`}>{user.email}</span>
              </Cell>
              <Cell className={`whitespace-nowrap text-ink-soft ${WIDE_ONLY}`}>{user.email}</Cell>
              <Cell className="text-end font-semibold tabular-nums">{formatNumber(i18n, user.post_count)}</Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}

function Waitlist({ entries }: { entries: AdminStats["waitlistEmails"] }) {
  const { t, i18n } = useLingui();
  return (
    <Section
      title={t`Pro Feature Waitlist`}
      description={t`People waiting for Pro to launch.`}
      action={
        <a href={WAITLIST_CSV_URL} download className={buttonClass("secondary")}>
          <Download className="h-4 w-4" aria-hidden /> <Trans>Download CSV</Trans>
        </a>
      }
    >
      {entries.length === 0 ? (
        <EmptyState>
          <Trans>No waitlist signups yet</Trans>
        </EmptyState>
      ) : (
        <DataTable label={t`Pro feature waitlist`} headers={[t`Email`, t`Joined`, t`Told`]} minWidth="30rem">
          {entries.map((entry) => (
            <tr key={entry.id}>
              <Cell className="whitespace-nowrap font-medium">{entry.email}</Cell>
              <Cell className="whitespace-nowrap text-ink-soft">
                <time dateTime={entry.createdAt}>{formatDateTime(i18n, entry.createdAt)}</time>
              </Cell>
              {/* When the one e-mail saying Pro is theirs went out (decision 031). */}
              <Cell className="whitespace-nowrap text-ink-soft">
                {entry.toldAt ? (
                  <time dateTime={entry.toldAt}>{formatDate(i18n, entry.toldAt)}</time>
                ) : (
                  <Trans>Not yet</Trans>
                )}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}

function Dashboard({ stats }: { stats: AdminStats }) {
  const { t, i18n } = useLingui();
  const { overview } = stats;
  const number = (value: number) => formatNumber(i18n, value);
  const verified = number(overview.verifiedUsers);
  const admins = overview.adminUsers;
  const approved = number(overview.approvedPosts);
  const pending = number(overview.pendingPosts);
  const rejected = number(overview.rejectedPosts);
  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <StatCard
          icon={Users}
          label={t`Total Users`}
          value={number(overview.totalUsers)}
          detail={t({
            message: plural(admins, {
              one: `${verified} verified · # admin`,
              other: `${verified} verified · # admins`,
            }),
          })}
        />
        <StatCard
          icon={Images}
          label={t`Posts`}
          value={number(overview.totalPosts)}
          detail={
            overview.rejectedPosts
              ? t`${approved} approved · ${pending} pending · ${rejected} not approved`
              : t`${approved} approved · ${pending} pending`
          }
        />
        <StatCard
          icon={WandSparkles}
          label={t`Dragon Templates`}
          value={number(overview.totalDragons)}
          detail={t`In the library`}
        />
        <StatCard icon={Heart} label={t`Total Likes`} value={number(overview.totalLikes)} detail={t`On feed posts`} />
        <StatCard
          icon={MessageCircle}
          label={t`Total Comments`}
          value={number(overview.totalComments)}
          detail={t`On feed posts`}
        />
        <StatCard
          icon={Sparkles}
          label={t`Pro Waitlist`}
          value={number(overview.totalWaitlist)}
          detail={t`Waiting for Pro`}
        />
      </div>
      <RegistrationTimeline months={stats.registrationTimeline} />
      <RecentUsers users={stats.recentUsers} />
      <ActiveUsers users={stats.activeUsers} />
      <Waitlist entries={stats.waitlistEmails} />
      <AnalyticsSection />
    </div>
  );
}

/** /admin/stats: how the product is doing, for admins (docs/spec.md §2, Admin statistics). */
export function StatsPage() {
  useScreenPageMeta("/admin/stats");
  const { t } = useLingui();
  const { isAdmin, isLoading } = useAuth();
  const stats = useAdminStats(isAdmin);
  if (isLoading) return <Spinner label={t`Loading statistics...`} />;
  if (!isAdmin) return <AccessDenied />;
  if (stats.isError) return <LoadFailed />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">
        <Trans>Statistics Dashboard</Trans>
      </h1>
      <p className="mt-1 text-ink-soft">
        <Trans>How Dragon Grid is doing: members, drawings, and visits.</Trans>
      </p>
      <div className="mt-8">
        {stats.isPending ? (
          <div role="status" className="flex flex-col items-center justify-center gap-4 py-16 text-ink-soft">
            <span className="h-10 w-10 animate-spin rounded-full border-4 border-line border-t-accent" aria-hidden />
            <Trans>Loading statistics...</Trans>
          </div>
        ) : (
          <Dashboard stats={stats.data} />
        )}
      </div>
    </div>
  );
}
