import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { ShieldCheck } from "lucide-react";
import { Plural, Trans } from "@lingui/react/macro";
import { buttonClass } from "../../components/ui/button";
import { apiQuery } from "../../lib/api-client";

/** Admin Tools' way to the moderation queue, with how much waits there (posts to approve and reported things). */
export function ModerationQueueLink() {
  const counts = useQuery({ ...apiQuery("GET /api/admin/moderation/counts"), staleTime: 0, refetchOnMount: "always" });
  const waiting = counts.data ? counts.data.pending + counts.data.reported : null;
  return (
    <Link
      href="/admin/moderation"
      className={buttonClass("secondary", "w-full justify-start whitespace-normal text-start")}
    >
      <ShieldCheck className="h-4 w-4" aria-hidden /> <Trans>Moderation Queue</Trans>
      {waiting !== null && (
        <span
          className={`ms-auto rounded-full px-2.5 py-0.5 text-xs font-bold ${waiting > 0 ? "bg-accent text-white" : "bg-paper-deep text-ink-soft"}`}
        >
          <Plural value={waiting} one="# waiting" other="# waiting" />
        </span>
      )}
    </Link>
  );
}
