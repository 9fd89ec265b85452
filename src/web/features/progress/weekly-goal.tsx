import { useId } from "react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { selectClass } from "../../components/ui/form-parts";
import { WEEKLY_GOAL_MAX, WEEKLY_GOAL_MIN } from "../../../shared/progress/learning";
import type { LearnerProgress } from "../../../shared/progress/responses";

const GOALS = Array.from({ length: WEEKLY_GOAL_MAX - WEEKLY_GOAL_MIN + 1 }, (_, i) => WEEKLY_GOAL_MIN + i);

/**
 * The weekly goal the learner sets (decision 075): days of real practice a week, this week's count,
 * and the weeks it was met, which a missed week pauses rather than wipes.
 */
export function WeeklyGoal({
  week,
  saving,
  onChange,
}: {
  week: LearnerProgress["week"];
  saving: boolean;
  onChange: (goal: number | null) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const { goal, done, weeksMet, paused } = week;
  return (
    <div>
      <div className="grid gap-1.5">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          <Trans>Weekly goal</Trans>
        </label>
        <select
          id={id}
          className={selectClass}
          value={goal ?? ""}
          disabled={saving}
          onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">{t`No goal`}</option>
          {GOALS.map((days) => (
            <option key={days} value={days}>
              {t({ message: plural(days, { one: "# day a week", other: "# days a week" }) })}
            </option>
          ))}
        </select>
      </div>
      <p className="mt-2 text-sm text-ink-soft">
        <Trans>A day counts when you mark a cell done or check a drawing.</Trans>
      </p>
      {goal !== null && (
        <>
          <p className="mt-3 font-semibold text-ink">
            <Trans>
              This week: {done} of {goal} days
            </Trans>
          </p>
          <div
            role="progressbar"
            aria-label={t`This week's practice`}
            aria-valuemin={0}
            aria-valuemax={goal}
            aria-valuenow={Math.min(done, goal)}
            className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-paper-deep"
          >
            <div
              className="h-full rounded-full bg-[#15803d]"
              style={{ width: `${Math.min(100, (done / goal) * 100)}%` }}
            />
          </div>
          {weeksMet > 0 && (
            <p className="mt-2 text-sm text-ink">
              {t({ message: plural(weeksMet, { one: "Goal met in # week", other: "Goal met in # weeks" }) })}
            </p>
          )}
          {paused && (
            <p className="mt-1 text-sm text-ink-soft">
              <Trans>Paused: last week missed the goal. Your weeks are kept; meet it this week to carry on.</Trans>
            </p>
          )}
        </>
      )}
    </div>
  );
}
