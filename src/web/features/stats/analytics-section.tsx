import { lazy, Suspense, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE, pageSubject, type AnalyticsRange } from "../../../shared/stats";
import type { AnalyticsTopEntry, AnalyticsTopPage } from "../../../shared/stats/responses";
import { useSiteAnalytics } from "./api";
import { formatDay, formatNumber } from "./format";
import { Cell, DataTable, EmptyState, Section } from "./parts";

const TrafficChart = lazy(() => import("./stats-charts").then((m) => ({ default: m.TrafficChart })));

/** The 7/30/90-day switch: a group of toggle buttons. */
function RangeSwitch({ value, onChange }: { value: AnalyticsRange; onChange: (days: AnalyticsRange) => void }) {
  const { t } = useLingui();
  return (
    <div role="group" aria-label={t`Period`} className="inline-flex rounded-full border border-line bg-paper p-1">
      {ANALYTICS_RANGES.map((days) => (
        <button
          key={days}
          type="button"
          aria-pressed={value === days}
          onClick={() => onChange(days)}
          className={`min-h-9 rounded-full px-3.5 text-sm font-semibold transition-colors ${value === days ? "bg-ink text-white" : "text-ink-soft hover:bg-paper-deep hover:text-ink"}`}
        >
          <Plural value={days} one="# day" other="# days" />
        </button>
      ))}
    </div>
  );
}

function TopTable<Entry extends AnalyticsTopEntry>({
  label,
  nameHeader,
  entries,
  empty,
  name,
}: {
  label: string;
  nameHeader: string;
  entries: Entry[];
  empty: string;
  name: (entry: Entry) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  if (entries.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <DataTable label={label} headers={[nameHeader, t`Views`, t`Visitors`]} numeric={[1, 2]} minWidth="18rem">
      {entries.map((entry) => (
        <tr key={entry.name}>
          <Cell className="max-w-[16rem]">{name(entry)}</Cell>
          <Cell className="text-end tabular-nums">{formatNumber(i18n, entry.views)}</Cell>
          <Cell className="text-end tabular-nums">{formatNumber(i18n, entry.visitors)}</Cell>
        </tr>
      ))}
    </DataTable>
  );
}

const SUBJECT_KINDS = { dragon: msg`Dragon page`, canvas: msg`Canvas`, blogPost: msg`Blog post` } as const;

/** An address, as it was counted: for a page without a name, a referring site, or what is gone. */
const address = (name: string) => <span className="break-all font-mono text-xs sm:text-sm">{name}</span>;

/** A top page by the name of what it shows, linked, with which of its pages it is; else its address. */
function PageName({ page }: { page: AnalyticsTopPage }) {
  const { i18n } = useLingui();
  const subject = pageSubject(page.name);
  if (page.title === null || !subject) return address(page.name);
  return (
    <>
      <Link href={page.name} title={page.name} className="break-words font-semibold text-accent-strong hover:underline">
        {page.title}
      </Link>
      <span className="block text-xs text-ink-soft">{i18n._(SUBJECT_KINDS[subject.kind])}</span>
    </>
  );
}

/**
 * Page views from our own collector: views and unique visitors per day, the top pages and the
 * sites that sent people here. Visitors are counted without cookies (decision 012).
 */
export function AnalyticsSection() {
  const { t, i18n } = useLingui();
  const [days, setDays] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  const analytics = useSiteAnalytics(days, true);
  const data = analytics.data;
  const range = data?.days ?? days;
  return (
    <Section
      title={t`Site Analytics`}
      description={t`Page views and unique visitors, counted without cookies. A visitor who comes back on another day counts again.`}
      action={<RangeSwitch value={days} onChange={setDays} />}
    >
      {analytics.isError ? (
        <p role="alert" className="text-danger">
          <Trans>Failed to fetch analytics. Please try again later.</Trans>
        </p>
      ) : !data ? (
        <div role="status" className="h-72 animate-pulse rounded-2xl bg-paper-deep">
          <span className="sr-only">
            <Trans>Loading analytics...</Trans>
          </span>
        </div>
      ) : (
        <div
          className={`grid gap-6 transition-opacity ${analytics.isPlaceholderData ? "opacity-60" : ""}`}
          aria-busy={analytics.isPlaceholderData}
        >
          <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
            <div className="rounded-2xl bg-paper-deep px-4 py-3">
              <dt className="text-xs font-semibold uppercase tracking-wide text-ink-soft">
                <Trans>Page views</Trans>
              </dt>
              <dd className="font-display text-2xl font-bold tabular-nums">{formatNumber(i18n, data.totals.views)}</dd>
            </div>
            <div className="rounded-2xl bg-paper-deep px-4 py-3">
              <dt className="text-xs font-semibold uppercase tracking-wide text-ink-soft">
                <Trans>Visitors</Trans>
              </dt>
              <dd className="font-display text-2xl font-bold tabular-nums">
                {formatNumber(i18n, data.totals.visitors)}
              </dd>
            </div>
          </dl>
          <div>
            <h3 className="sr-only">
              <Trans>Views and visitors per day</Trans>
            </h3>
            <div className="relative h-64 sm:h-72">
              <Suspense fallback={<div className="h-full animate-pulse rounded-2xl bg-paper-deep" />}>
                <TrafficChart days={data.daily} />
              </Suspense>
            </div>
            <div className="sr-only">
              <table>
                <caption>
                  <Plural
                    value={range}
                    one="Page views and visitors per day, last # day"
                    other="Page views and visitors per day, last # days"
                  />
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Day</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Page views</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Visitors</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.daily.map((day) => (
                    <tr key={day.date}>
                      <th scope="row">{formatDay(i18n, day.date, true)}</th>
                      <td>{formatNumber(i18n, day.views)}</td>
                      <td>{formatNumber(i18n, day.visitors)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="min-w-0">
              <h3 className="mb-2 text-lg font-bold">
                <Trans>Top Pages</Trans>
              </h3>
              <TopTable
                label={t`Top pages`}
                nameHeader={t`Page`}
                entries={data.topPages}
                empty={t`No page views yet`}
                name={(page) => <PageName page={page} />}
              />
            </div>
            <div className="min-w-0">
              <h3 className="mb-2 text-lg font-bold">
                <Trans>Top Referrers</Trans>
              </h3>
              <TopTable
                label={t`Top referrers`}
                nameHeader={t`Site`}
                entries={data.topReferrers}
                empty={t`No referrers yet`}
                name={(site) => address(site.name)}
              />
            </div>
          </div>
        </div>
      )}
    </Section>
  );
}
