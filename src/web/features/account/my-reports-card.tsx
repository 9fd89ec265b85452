import { Link } from "wouter";
import { Flag } from "lucide-react";
import { Card } from "../../components/ui/card";
import { REPORT_REASON_LABELS } from "../../../shared/moderation";
import { useMyReports } from "./api";

const day = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** 'My reports': what this member reported, when, and whether an admin has reviewed it. */
export function MyReportsCard() {
  const reports = useMyReports();
  const list = reports.data ?? [];
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-xl font-bold">
        <Flag className="h-5 w-5 text-accent" aria-hidden /> My reports
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        Posts and comments you reported to the admins. Who reported is never shown to anyone else.
      </p>
      {reports.isPending ? (
        <p role="status" className="mt-4 text-sm text-ink-soft">
          Loading...
        </p>
      ) : reports.isError ? (
        <p role="alert" className="mt-4 text-sm text-ink-soft">
          Your reports could not be loaded. Please reload the page.
        </p>
      ) : list.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-paper px-4 py-3 text-sm text-ink-soft">You haven't reported anything</p>
      ) : (
        <ul className="mt-4 grid gap-2" aria-label="My reports">
          {list.map((report) => {
            const what = report.commentId ? "A comment" : "A post";
            const href = `/feed?post=${encodeURIComponent(report.postId)}${report.commentId ? `&comment=${encodeURIComponent(report.commentId)}` : ""}`;
            return (
              <li
                key={report.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-line bg-paper px-4 pb-1 pt-3"
              >
                <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
                  <span className="font-semibold">
                    {what}: {REPORT_REASON_LABELS[report.reason]}
                  </span>
                  {report.note && <span className="break-words text-sm text-ink-soft">“{report.note}”</span>}
                  <span className="text-xs text-ink-soft">
                    Reported <time dateTime={report.createdAt}>{day.format(new Date(report.createdAt))}</time>
                  </span>
                </div>
                <span
                  className={`rounded-full px-3 py-1 text-xs font-bold ${report.status === "pending" ? "bg-accent-soft text-accent-strong" : "bg-emerald-100 text-emerald-900"}`}
                >
                  {report.status === "pending" ? "Pending" : "Reviewed"}
                </span>
                <div className="basis-full">
                  <Link
                    href={href}
                    className="-ml-2 inline-flex min-h-11 items-center rounded-full px-2 text-sm font-semibold text-accent-strong underline underline-offset-2 hover:bg-accent-soft"
                  >
                    View {report.commentId ? "comment" : "post"}
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
