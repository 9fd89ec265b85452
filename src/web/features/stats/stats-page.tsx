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
import { buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { useAuth } from "../../lib/auth";
import { usePageMeta } from "../../lib/page-meta";
import { getStaticPageMeta } from "../../../shared/static-page-meta";
import type { AdminStats } from "../../../shared/stats/responses";
import { AnalyticsSection } from "./analytics-section";
import { useAdminStats, WAITLIST_CSV_URL } from "./api";
import { formatDate, formatDateTime, formatMonth, formatNumber } from "./format";
import { Badge, Cell, DataTable, EmptyState, Section, StatCard, WIDE_ONLY } from "./parts";

// Chart.js comes with the charts, after the figures are on screen.
const RegistrationChart = lazy(() => import("./stats-charts").then((m) => ({ default: m.RegistrationChart })));

function AccessDenied() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <ShieldAlert className="h-12 w-12 text-accent" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold">Access Denied</h1>
      <p className="mt-3 text-ink-soft">You need admin privileges to view this page.</p>
      <Link href="/home" className={buttonClass("primary", "mt-8")}>
        Go Home
      </Link>
    </div>
  );
}

function LoadFailed() {
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <Card role="alert" className="p-8 text-center">
        <TriangleAlert className="mx-auto h-10 w-10 text-danger" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">Error Loading Stats</h1>
        <p className="mt-2 text-ink-soft">Failed to fetch statistics. Please try again later.</p>
      </Card>
    </div>
  );
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ");

function RegistrationTimeline({ months }: { months: AdminStats["registrationTimeline"] }) {
  const empty = months.every((month) => month.count === 0);
  return (
    <Section title="Registration Timeline" description="New sign-ups per month over the last 12 months.">
      {empty ? (
        <EmptyState>No data available</EmptyState>
      ) : (
        <>
          <div className="relative h-64 sm:h-72">
            <Suspense fallback={<div className="h-full animate-pulse rounded-2xl bg-paper-deep" />}>
              <RegistrationChart months={months} />
            </Suspense>
          </div>
          <div className="sr-only">
            <table>
              <caption>Sign-ups per month, last 12 months</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Sign-ups</th>
                </tr>
              </thead>
              <tbody>
                {months.map((month) => (
                  <tr key={month.month}>
                    <th scope="row">{formatMonth(month.month, true)}</th>
                    <td>{month.count}</td>
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
      {user.emailVerified && <Badge tone="green">Verified</Badge>}
      {user.isAdmin && <Badge tone="accent">Admin</Badge>}
      {!user.emailVerified && !user.isAdmin && <span className="text-ink-soft">—</span>}
    </>
  );
}

// On a phone the tables keep their last column (a date, a count) in view and gather the others
// under the first cell's e-mail, which wraps: nothing is cut at the card's edge.
const PHONE_ONLY = "block sm:hidden";

function RecentUsers({ users }: { users: AdminStats["recentUsers"] }) {
  return (
    <Section
      title="Recent User Registrations"
      description={`The ${users.length === 1 ? "newest account" : `${formatNumber(users.length)} newest accounts`}.`}
    >
      {users.length === 0 ? (
        <EmptyState>No users yet</EmptyState>
      ) : (
        <DataTable
          label="Recent user registrations"
          headers={["Email", "Name", "Status", "Registered"]}
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
                  <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
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
  return (
    <Section title="Most Active Users" description="The members with the most posts.">
      {users.length === 0 ? (
        <EmptyState>No active users yet</EmptyState>
      ) : (
        <DataTable label="Most active users" headers={["#", "Name", "Email", "Posts"]} numeric={[3]} wideOnly={[2]}>
          {users.map((user, i) => (
            <tr key={user.id}>
              <Cell className="w-8 tabular-nums text-ink-soft">{i + 1}</Cell>
              <Cell className="font-medium [overflow-wrap:anywhere] sm:whitespace-nowrap">
                {fullName(user.first_name, user.last_name) || "—"}
                <span className={`${PHONE_ONLY} font-normal text-ink-soft [overflow-wrap:anywhere]`}>{user.email}</span>
              </Cell>
              <Cell className={`whitespace-nowrap text-ink-soft ${WIDE_ONLY}`}>{user.email}</Cell>
              <Cell className="text-right font-semibold tabular-nums">{formatNumber(user.post_count)}</Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}

function Waitlist({ entries }: { entries: AdminStats["waitlistEmails"] }) {
  return (
    <Section
      title="Pro Feature Waitlist"
      description="People waiting for Pro to launch."
      action={
        <a href={WAITLIST_CSV_URL} download className={buttonClass("secondary")}>
          <Download className="h-4 w-4" aria-hidden /> Download CSV
        </a>
      }
    >
      {entries.length === 0 ? (
        <EmptyState>No waitlist signups yet</EmptyState>
      ) : (
        <DataTable label="Pro feature waitlist" headers={["Email", "Joined", "Told"]} minWidth="30rem">
          {entries.map((entry) => (
            <tr key={entry.id}>
              <Cell className="whitespace-nowrap font-medium">{entry.email}</Cell>
              <Cell className="whitespace-nowrap text-ink-soft">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </Cell>
              {/* When the one e-mail saying Pro is theirs went out (decision 031). */}
              <Cell className="whitespace-nowrap text-ink-soft">
                {entry.toldAt ? <time dateTime={entry.toldAt}>{formatDate(entry.toldAt)}</time> : "Not yet"}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}

function Dashboard({ stats }: { stats: AdminStats }) {
  const { overview } = stats;
  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <StatCard
          icon={Users}
          label="Total Users"
          value={formatNumber(overview.totalUsers)}
          detail={`${formatNumber(overview.verifiedUsers)} verified · ${formatNumber(overview.adminUsers)} admin${overview.adminUsers === 1 ? "" : "s"}`}
        />
        <StatCard
          icon={Images}
          label="Posts"
          value={formatNumber(overview.totalPosts)}
          detail={`${formatNumber(overview.approvedPosts)} approved · ${formatNumber(overview.pendingPosts)} pending${overview.rejectedPosts ? ` · ${formatNumber(overview.rejectedPosts)} not approved` : ""}`}
        />
        <StatCard
          icon={WandSparkles}
          label="Dragon Templates"
          value={formatNumber(overview.totalDragons)}
          detail="In the library"
        />
        <StatCard icon={Heart} label="Total Likes" value={formatNumber(overview.totalLikes)} detail="On feed posts" />
        <StatCard
          icon={MessageCircle}
          label="Total Comments"
          value={formatNumber(overview.totalComments)}
          detail="On feed posts"
        />
        <StatCard
          icon={Sparkles}
          label="Pro Waitlist"
          value={formatNumber(overview.totalWaitlist)}
          detail="Waiting for Pro"
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
  usePageMeta(getStaticPageMeta("/admin/stats")!);
  const { isAdmin, isLoading } = useAuth();
  const stats = useAdminStats(isAdmin);
  if (isLoading) return <Spinner label="Loading statistics..." />;
  if (!isAdmin) return <AccessDenied />;
  if (stats.isError) return <LoadFailed />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">Statistics Dashboard</h1>
      <p className="mt-1 text-ink-soft">How Dragon Grid is doing: members, drawings, and visits.</p>
      <div className="mt-8">
        {stats.isPending ? (
          <div role="status" className="flex flex-col items-center justify-center gap-4 py-16 text-ink-soft">
            <span className="h-10 w-10 animate-spin rounded-full border-4 border-line border-t-accent" aria-hidden />
            Loading statistics...
          </div>
        ) : (
          <Dashboard stats={stats.data} />
        )}
      </div>
    </div>
  );
}
