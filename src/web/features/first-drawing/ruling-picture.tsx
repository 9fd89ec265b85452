import { useLingui } from "@lingui/react/macro";
import { columnLabel } from "../../../shared/grid/grid";

const COLUMNS = 6;
const ROWS = 5;
const CELL = 30;
const LEFT = 22;
const TOP = 22;

/**
 * How to rule the grid, drawn: a sheet with a mark every square along its edges, the marks joined
 * by light lines, a ruler laid along one of them, letters along the top and numbers down the side.
 */
export function RulingPicture() {
  const { t } = useLingui();
  const width = LEFT + COLUMNS * CELL + 8;
  const height = TOP + ROWS * CELL + 8;
  const right = LEFT + COLUMNS * CELL;
  const bottom = TOP + ROWS * CELL;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="w-full max-w-56 justify-self-center rounded-xl border border-line bg-white"
      role="img"
      aria-label={t`A sheet with a mark every square along its edges, the marks joined by light lines, letters along the top and numbers down the side`}
    >
      <rect x={LEFT} y={TOP} width={COLUMNS * CELL} height={ROWS * CELL} fill="#fffdf8" stroke="#2b2118" />
      {Array.from({ length: COLUMNS - 1 }, (_, i) => LEFT + (i + 1) * CELL).map((x) => (
        <g key={`x${x}`}>
          <line x1={x} x2={x} y1={TOP} y2={bottom} stroke="#b8aa98" strokeWidth={0.8} />
          <line x1={x} x2={x} y1={TOP} y2={TOP + 5} stroke="#2b2118" strokeWidth={1.5} />
          <line x1={x} x2={x} y1={bottom - 5} y2={bottom} stroke="#2b2118" strokeWidth={1.5} />
        </g>
      ))}
      {Array.from({ length: ROWS - 1 }, (_, i) => TOP + (i + 1) * CELL).map((y) => (
        <g key={`y${y}`}>
          <line x1={LEFT} x2={right} y1={y} y2={y} stroke="#b8aa98" strokeWidth={0.8} />
          <line x1={LEFT} x2={LEFT + 5} y1={y} y2={y} stroke="#2b2118" strokeWidth={1.5} />
          <line x1={right - 5} x2={right} y1={y} y2={y} stroke="#2b2118" strokeWidth={1.5} />
        </g>
      ))}
      {Array.from({ length: COLUMNS }, (_, i) => (
        <text key={`c${i}`} x={LEFT + (i + 0.5) * CELL} y={TOP - 7} fontSize={11} textAnchor="middle" fill="#5f5247">
          {columnLabel(i)}
        </text>
      ))}
      {Array.from({ length: ROWS }, (_, i) => (
        <text
          key={`r${i}`}
          x={LEFT - 8}
          y={TOP + (i + 0.5) * CELL + 4}
          fontSize={11}
          textAnchor="middle"
          fill="#5f5247"
        >
          {i + 1}
        </text>
      ))}
      {/* The ruler, laid along the third line down, its ticks a square apart. */}
      <g transform={`translate(${LEFT + 8} ${TOP + 3 * CELL - 12}) rotate(-4)`}>
        <rect width={COLUMNS * CELL - 10} height={11} rx={2} fill="#f1c27d" fillOpacity={0.85} stroke="#a6762f" />
        {Array.from({ length: COLUMNS * 2 - 1 }, (_, i) => (
          <line
            key={i}
            x1={(i + 1) * (CELL / 2) - 4}
            x2={(i + 1) * (CELL / 2) - 4}
            y1={0}
            y2={i % 2 ? 6 : 3}
            stroke="#6b4a1c"
          />
        ))}
      </g>
    </svg>
  );
}
