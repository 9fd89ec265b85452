import { Link } from "wouter";
import { Flag } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Card } from "../../components/ui/card";
import { REPORT_REASON_LABELS } from "../../../shared/moderation";
import { useMyReports } from "./api";

/** 'My reports': what this member reported, when, and whether an admin has reviewed it. */
export function MyReportsCard() {
  const { t, i18n } = useLingui();
  const reports = useMyReports();
  const list = reports.data ?? [];
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-xl font-bold">
        <Flag className="h-5 w-5 text-accent" aria-hidden /> <Trans>My reports</Trans>
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        <Trans>Posts and comments you reported to the admins. Who reported is never shown to anyone else.</Trans>
      </p>
      {reports.isPending ? (
        <p role="status" className="mt-4 text-sm text-ink-soft">
          <Trans>Loading...</Trans>
        </p>
      ) : reports.isError ? (
        <p role="alert" className="mt-4 text-sm text-ink-soft">
          <Trans>Your reports could not be loaded. Please reload the page.</Trans>
        </p>
      ) : list.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-paper px-4 py-3 text-sm text-ink-soft">
          <Trans>You haven't reported anything</Trans>
        </p>
      ) : (
        <ul className="mt-4 grid gap-2" aria-label={t`My reports`}>
          {list.map((report) => {
            const reason = i18n._(REPORT_REASON_LABELS[report.reason]);
            const note = report.note;
            const date = i18n.date(new Date(report.createdAt), { dateStyle: "medium" });
            const href = `/feed?post=${encodeURIComponent(report.postId)}${report.commentId ? `&comment=${encodeURIComponent(report.commentId)}` : ""}`;
            return (
              <li
                key={report.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-line bg-paper px-4 pb-1 pt-3"
              >
                <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
                  <span className="font-semibold">
                    {report.commentId ? <Trans>A comment: {reason}</Trans> : <Trans>A post: {reason}</Trans>}
                  </span>
                  {note && (
                    <span className="break-words text-sm text-ink-soft">
                      <Trans>“{note}”</Trans>
                    </span>
                  )}
                  <span className="text-xs text-ink-soft">
                    <Trans>
                      Reported <time dateTime={report.createdAt}>{date}</time>
                    </Trans>
                  </span>
                </div>
                <span
                  className={`rounded-full px-3 py-1 text-xs font-bold ${report.status === "pending" ? "bg-accent-soft text-accent-strong" : "bg-emerald-100 text-emerald-900"}`}
                >
                  {report.status === "pending" ? <Trans>Pending</Trans> : <Trans>Reviewed</Trans>}
                </span>
                <div className="basis-full">
                  <Link
                    href={href}
                    className="-ms-2 inline-flex min-h-11 items-center rounded-full px-2 text-sm font-semibold text-accent-strong underline underline-offset-2 hover:bg-accent-soft"
                  >
                    {report.commentId ? <Trans>View comment</Trans> : <Trans>View post</Trans>}
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
