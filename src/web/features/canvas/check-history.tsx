import { Suspense, lazy } from "react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { checkSummary, type KeptCheck, type KeptWhole } from "../../../shared/drawing-check/kept-checks";
import { isolated } from "../../lib/isolated";

// Loaded only where a kept photo is shown: the upload and post code stay out of the canvas's chunk.
const ShareKeptPhoto = lazy(() => import("./check/share-dialog"));

const WIDTH = 240;
const HEIGHT = 56;

/** Accuracy over the kept drawing checks (the share of drawn cells within 1.5 mm): a small line chart. */
export function CheckHistory({ checks, dragonId }: { checks: readonly KeptCheck[]; dragonId: string }) {
  const { t, i18n } = useLingui();
  const points = checks
    .map((check) => ({ at: check.createdAt, ...checkSummary(check.cells) }))
    .filter((point) => point.accuracy !== null);
  if (!points.length) return null;
  const last = points.at(-1)!;
  const keptPhoto = [...checks].reverse().find((check) => check.photoUrl);
  const percent = (share: number | null) => Math.round((share ?? 0) * 100);
  const x = (i: number) => (points.length === 1 ? WIDTH / 2 : 6 + (i * (WIDTH - 12)) / (points.length - 1));
  const y = (share: number | null) => HEIGHT - 6 - (share ?? 0) * (HEIGHT - 12);
  const count = points.length;
  const first = percent(points[0]!.accuracy);
  const latest = percent(last.accuracy);
  const description =
    count === 1
      ? t`One check: ${latest} % of drawn cells within 1.5 mm`
      : t({
          message: plural(count, {
            one: `Your last # check: from ${first} % to ${latest} % of drawn cells within 1.5 mm`,
            other: `Your last # checks: from ${first} % to ${latest} % of drawn cells within 1.5 mm`,
          }),
        });
  const { close, drawn } = last;
  const keptOn = keptPhoto ? i18n.date(keptPhoto.createdAt, { day: "numeric", month: "short" }) : "";
  return (
    <section aria-labelledby="check-history-heading" className="mt-5">
      <h2 id="check-history-heading" className="font-sans text-sm font-bold uppercase tracking-wider text-ink-soft">
        <Trans>Your checks</Trans>
      </h2>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-2 h-14 w-full rounded-xl border border-line bg-white"
        role="img"
        aria-label={description}
      >
        <line x1={0} x2={WIDTH} y1={y(1)} y2={y(1)} stroke="#e7dccb" strokeDasharray="3 3" />
        <polyline
          fill="none"
          stroke="#15803d"
          strokeWidth={2}
          points={points.map((point, i) => `${x(i)},${y(point.accuracy)}`).join(" ")}
        />
        {points.map((point, i) => (
          <circle key={point.at} cx={x(i)} cy={y(point.accuracy)} r={3} fill="#15803d" />
        ))}
      </svg>
      {/* Pretty wrapping keeps the share's '%)' from ending alone on a line in the narrow side panel. */}
      <p className="mt-1.5 text-sm text-pretty text-ink">
        <Trans>
          Last check: {close} of {drawn} drawn cells match ({latest} %)
        </Trans>
      </p>
      {count > 1 && (
        // The check's noise floor, measured by `npm run bench` (one sheet photographed ten ways).
        <p className="mt-1 text-xs text-pretty text-ink-soft">
          <Trans>
            Photos of one drawing differ by up to 0.3 mm and 1 cell in 20: a smaller change is the photo, not your
            drawing.
          </Trans>
        </p>
      )}
      <WholeDrawingHistory checks={checks} />
      <PracticeHistory checks={checks} />
      {keptPhoto?.photoUrl && (
        <div className="mt-1 flex flex-wrap items-center gap-x-3">
          <a
            href={keptPhoto.photoUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-h-11 items-center text-sm font-semibold text-accent underline underline-offset-2"
          >
            <Trans>Your kept photo of {keptOn}</Trans>
          </a>
          <Suspense fallback={null}>
            <ShareKeptPhoto photoUrl={keptPhoto.photoUrl} dragonId={dragonId} />
          </Suspense>
        </div>
      )}
    </section>
  );
}

/**
 * Each kind of whole-drawing error over the checks that measured it (decisions 061, 064, 065): its
 * size off, its turn, its shift, a part out of proportion and its stretch, from the first such check to the
 * latest, so a learner sees which one fell.
 */
function WholeDrawingHistory({ checks }: { checks: readonly KeptCheck[] }) {
  const { t, i18n } = useLingui();
  const measured = checks.map((check) => check.whole).filter((whole) => whole !== null);
  if (!measured.length) return null;
  const rounded = (value: number) => i18n.number(Math.round(Math.abs(value)));
  const percentOf = (value: number) => {
    const percent = rounded(value);
    return t`${percent} %`;
  };
  const rows: [string, (value: number) => string, (whole: KeptWhole) => number | undefined][] = [
    [t`Size off`, percentOf, (w) => w.sizePercent],
    [
      t`Turned`,
      (value) => {
        const degrees = rounded(value);
        return t`${degrees}°`;
      },
      (w) => w.turnDegrees,
    ],
    [
      t`Shifted`,
      (value) => {
        const mm = rounded(value);
        return t`${mm} mm`;
      },
      (w) => w.shiftMm,
    ],
    // Measured since decision 064: checks kept before it have no figure here.
    [t`A part out of proportion`, percentOf, (w) => w.partPercent],
    // Measured since decision 065.
    [t`Stretched`, percentOf, (w) => w.stretchPercent],
  ];
  const told = (shown: (value: number) => string, values: number[]) => {
    if (values.length === 1) return shown(values[0]!);
    const from = isolated(shown(values[0]!));
    const to = isolated(shown(values.at(-1)!));
    return t`${from} → ${to}`;
  };
  return (
    <dl
      className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm"
      aria-label={t`Whole drawing, first check to latest`}
    >
      {rows.map(([name, shown, of]) => {
        const values = measured.map(of).filter((value) => value !== undefined);
        if (!values.length) return null;
        return (
          <div key={name} className="contents">
            <dt className="text-ink-soft">{name}</dt>
            <dd>{told(shown, values)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * The latest practice sheet photographed (decision 067): each of its cells as the check it was
 * made from found it, and as the photo of the sheet found it.
 */
function PracticeHistory({ checks }: { checks: readonly KeptCheck[] }) {
  const { t, i18n } = useLingui();
  const practised = [...checks].reverse().find((check) => check.practice);
  if (!practised?.practice) return null;
  const on = i18n.date(practised.practice.practisedAt, { day: "numeric", month: "short" });
  const length = (value: number) => {
    const mm = i18n.number(value, { maximumFractionDigits: 1 });
    return isolated(t`${mm} mm`);
  };
  return (
    <>
      <p className="mt-2 text-sm font-semibold text-ink">
        <Trans>Practice sheet of {on}</Trans>
      </p>
      <dl
        className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm"
        aria-label={t`Practice sheet of ${on}, before and after`}
      >
        {/* A square left empty on the sheet has no distance to show. */}
        {practised.practice.cells
          .filter((after) => after.status !== "not-drawn" && after.status !== "empty")
          .map((after) => {
            const before = practised.cells.find((cell) => cell.label === after.label);
            const from = before ? length(before.errorMm) : "";
            const to = length(after.errorMm);
            return (
              <div key={after.label} className="contents">
                <dt className="text-ink-soft">{after.label}</dt>
                <dd>{before ? t`${from} → ${to}` : to}</dd>
              </div>
            );
          })}
      </dl>
    </>
  );
}
