import { useLingui } from "@lingui/react/macro";
import { LADDER_STEP_NAMES } from "../../../shared/grid/ladder";
import type { ProgressCheck } from "../../../shared/progress/responses";
import { isolated } from "../../lib/isolated";

/** Shown newest first; older checks stay on the chart. */
const LISTED = 12;

/**
 * Each check, newest first, with every kind of error it measured (decisions 061, 064, 065): the
 * median per drawn cell, and the whole drawing's size, turn, shift and a part out of proportion.
 */
export function CheckList({ checks }: { checks: readonly ProgressCheck[] }) {
  const { t, i18n } = useLingui();
  const number = (value: number) => i18n.number(Math.abs(value), { maximumFractionDigits: 1 });
  const figures = (check: ProgressCheck): [string, string][] => {
    const rows: [string, string][] = [];
    if (check.medianMm !== null) {
      const mm = number(check.medianMm);
      rows.push([t`Median per cell`, isolated(t`${mm} mm`)]);
    }
    const whole = check.whole;
    if (whole) {
      const percentOf = (value: number) => {
        const percent = number(value);
        return isolated(t`${percent} %`);
      };
      const degrees = number(whole.turnDegrees);
      const mm = number(whole.shiftMm);
      rows.push([t`Size off`, percentOf(whole.sizePercent)], [t`Turned`, isolated(t`${degrees}°`)]);
      rows.push([t`Shifted`, isolated(t`${mm} mm`)]);
      if (whole.partPercent !== undefined) rows.push([t`A part out of proportion`, percentOf(whole.partPercent)]);
    }
    return rows;
  };
  return (
    <ol className="mt-4 grid gap-3 lg:grid-cols-2" aria-label={t`Your checks, newest first`}>
      {[...checks]
        .reverse()
        .slice(0, LISTED)
        .map((check) => (
          <li key={check.id} className="rounded-xl border border-line p-3">
            <p className="font-semibold text-ink">
              {/* Each part isolated: an English name keeps its order inside a right-to-left line. */}
              <bdi>{i18n.date(check.createdAt, { day: "numeric", month: "short", year: "numeric" })}</bdi> ·{" "}
              <bdi>{check.dragonName}</bdi>
            </p>
            {check.ladderStep && <p className="text-sm text-ink-soft">{i18n._(LADDER_STEP_NAMES[check.ladderStep])}</p>}
            <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
              {figures(check).map(([name, value]) => (
                <div key={name} className="contents">
                  <dt className="text-ink-soft">{name}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
    </ol>
  );
}
