import { useLingui } from "@lingui/react/macro";
import { PICK_TEXT } from "./check-text";

// A drawing rather than a photo file: it costs about a kilobyte in the check's own chunk, which
// loads with the dialog, and it stays sharp at any size (decision 052).

/** The default paper, 11 × 8.5 in with 1-inch squares, at 20 units an inch, lying on a table. */
const PAGE = { x: 50, y: 25, width: 220, height: 170, square: 20 };
const COLUMN_LINES = Array.from({ length: 10 }, (_, i) => PAGE.x + (i + 1) * PAGE.square);
const ROW_LINES = Array.from({ length: 8 }, (_, i) => PAGE.y + (i + 1) * PAGE.square);
const MARKS = [
  [PAGE.x + 3, PAGE.y + 3],
  [PAGE.x + PAGE.width - 12, PAGE.y + 3],
  [PAGE.x + PAGE.width - 12, PAGE.y + PAGE.height - 12],
  [PAGE.x + 3, PAGE.y + PAGE.height - 12],
] as const;
/** The camera's framing brackets, one per corner of the photo. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- SVG path data, not words
const BRACKETS = ["M12 34V12h22", "M286 12h22v22", "M308 186v22h-22", "M34 208H12v-22"];

/** What a good photo of the printed grid page looks like: flat, the whole page in the frame, evenly lit. */
export function GoodPhotoExample({ className }: { className?: string }) {
  const { i18n } = useLingui();
  return (
    <svg viewBox="0 0 320 220" role="img" aria-label={i18n._(PICK_TEXT.example)} className={className}>
      <rect width="320" height="220" rx="14" className="fill-[#d9c6a8]" />
      <rect {...PAGE} className="fill-white stroke-[#c9b391]" strokeWidth="1" />
      <g className="stroke-[#b8b2ab]" strokeWidth="0.75">
        {COLUMN_LINES.map((x) => (
          <line key={x} x1={x} y1={PAGE.y} x2={x} y2={PAGE.y + PAGE.height} />
        ))}
        {ROW_LINES.map((y) => (
          <line key={y} x1={PAGE.x} y1={y} x2={PAGE.x + PAGE.width} y2={y} />
        ))}
      </g>
      {MARKS.map(([x, y]) => (
        <g key={`${x},${y}`}>
          <rect x={x} y={y} width="9" height="9" className="fill-ink" />
          <rect x={x + 3} y={y + 3} width="3" height="3" className="fill-white" />
        </g>
      ))}
      {/* A dragon drawn in pencil, sitting on the grid. */}
      <g className="stroke-[#57534e]" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none">
        <path d="M124 172c-16-30-6-66 28-72 30-5 46 22 40 60l-4 12" />
        <path d="M174 104c4-18 12-32 26-42M192 120c4-16 14-30 30-38" />
        <path d="M200 62c10-10 28-12 40-2l14 8c2 6-4 10-12 10l-20 4" />
        <path d="M208 57l-6-14M218 54l2-15" />
        <path d="M150 100l-14-42 24 16 8-22 16 34" />
        <path d="M124 172c-20 8-42 2-48-16-4-12 6-18 12-12" />
        <path d="M136 172v10h12M178 172v10h12" />
        <path d="M144 132c10 10 26 12 38 4" />
      </g>
      <circle cx="228" cy="66" r="2.5" className="fill-[#57534e]" />
      <g className="stroke-white" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" fill="none">
        {BRACKETS.map((d) => (
          <path key={d} d={d} />
        ))}
      </g>
    </svg>
  );
}
