import { useLingui } from "@lingui/react/macro";
import type { ProgressCheck } from "../../../shared/progress/responses";

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 10;
/**
 * How far photos of one drawing differ in median cell error, in mm: the noise floor `npm run bench`
 * measures (one sheet photographed ten ways). A change inside the band is the photo, not the drawing.
 */
export const NOISE_FLOOR_MM = 0.3;

/**
 * Each check's median cell error over time, oldest to newest, with the noise floor drawn as a band
 * round the line: a point that leaves the band of the one before moved for real.
 */
export function ChecksOverTime({ checks }: { checks: readonly ProgressCheck[] }) {
  const { t, i18n } = useLingui();
  const points = checks.filter((check) => check.medianMm !== null);
  if (!points.length) return null;
  const top = Math.max(3, ...points.map((check) => check.medianMm! + NOISE_FLOOR_MM));
  const x = (i: number) => (points.length === 1 ? WIDTH / 2 : PAD + (i * (WIDTH - 2 * PAD)) / (points.length - 1));
  const y = (mm: number) => HEIGHT - PAD - (Math.max(0, mm) / top) * (HEIGHT - 2 * PAD);
  // The band's corners: a lone check gets a short band of its own width.
  const along = points.length === 1 ? [WIDTH / 2 - 24, WIDTH / 2 + 24] : points.map((_, i) => x(i));
  const medianAt = (i: number) => points[Math.min(i, points.length - 1)]!.medianMm!;
  const upper = along.map((at, i) => `${at},${y(medianAt(i) + NOISE_FLOOR_MM)}`);
  const lower = along.map((at, i) => `${at},${y(medianAt(i) - NOISE_FLOOR_MM)}`).reverse();
  const mm = (value: number) => i18n.number(value, { maximumFractionDigits: 1 });
  const first = mm(points[0]!.medianMm!);
  const latest = mm(points.at(-1)!.medianMm!);
  const count = points.length;
  const description =
    count === 1
      ? t`One check: a median of ${latest} mm per drawn cell`
      : t`${count} checks: the median distance per drawn cell went from ${first} mm to ${latest} mm`;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="mt-3 h-auto w-full max-w-xl rounded-xl border border-line bg-white"
      role="img"
      aria-label={description}
    >
      {[1, 2].map((line) => {
        const mm = i18n.number(line);
        const label = t`${mm} mm`;
        return (
          <g key={line}>
            <line x1={0} x2={WIDTH} y1={y(line)} y2={y(line)} stroke="#e7dccb" strokeDasharray="3 3" />
            {/* Left to right in every language, as the chart itself runs. */}
            <text x={4} y={y(line) - 3} fontSize={9} fill="#5f5247" direction="ltr" aria-hidden>
              {label}
            </text>
          </g>
        );
      })}
      <polygon points={[...upper, ...lower].join(" ")} fill="#15803d" fillOpacity={0.12} />
      <polyline
        fill="none"
        stroke="#15803d"
        strokeWidth={2}
        points={points.map((check, i) => `${x(i)},${y(check.medianMm!)}`).join(" ")}
      />
      {points.map((check, i) => (
        <circle key={check.id} cx={x(i)} cy={y(check.medianMm!)} r={3.5} fill="#15803d" />
      ))}
    </svg>
  );
}
