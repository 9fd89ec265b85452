import { Award, Circle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { MILESTONE_NAMES } from "../../../shared/progress/learning";
import type { LearnerProgress } from "../../../shared/progress/responses";

/** The milestones for measured improvement (decision 075): reached ones with their day, the rest still ahead. */
export function Milestones({ milestones }: { milestones: LearnerProgress["milestones"] }) {
  const { i18n } = useLingui();
  return (
    <ul className="mt-3 grid gap-2">
      {milestones.map(({ id, reachedAt }) => (
        <li key={id} className="flex items-center gap-3 rounded-xl border border-line px-3 py-2.5">
          {reachedAt ? (
            <Award className="h-5 w-5 shrink-0 text-accent" aria-hidden />
          ) : (
            <Circle className="h-5 w-5 shrink-0 text-line" aria-hidden />
          )}
          <span className="min-w-0 flex-1">
            <span className="block font-semibold text-ink">{i18n._(MILESTONE_NAMES[id])}</span>
            <span className="block text-sm text-ink-soft">
              {reachedAt ? (
                <Trans>Reached on {i18n.date(reachedAt, { day: "numeric", month: "long", year: "numeric" })}</Trans>
              ) : (
                <Trans>Not yet</Trans>
              )}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
