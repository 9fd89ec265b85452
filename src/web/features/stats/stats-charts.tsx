import { useEffect, useMemo, useRef } from "react";
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from "chart.js";
import type { AnalyticsDay, RegistrationMonth } from "../../../shared/stats/responses";
import { formatDay, formatMonth } from "./format";

// Chart.js, only the parts these two charts use; this module is loaded only by the statistics
// page (decision 012). Canvas drawing, no eval and no injected style sheet, so the CSP holds.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Filler,
  Legend,
  Tooltip,
);

// The app's palette (src/web/styles.css). Visitors are dashed per segment, so the legend shows a plain swatch.
const ACCENT = "#c2410c";
const ACCENT_FILL = "rgba(194, 65, 12, 0.12)";
const INK = "#2b2118";
const INK_SOFT = "#5f5247";
const LINE = "#e7dccb";

Chart.defaults.color = INK_SOFT;
Chart.defaults.borderColor = LINE;
Chart.defaults.font.family =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** A Chart.js chart on a canvas that fills its parent; made again when `config` changes. */
function ChartCanvas({ config, label }: { config: ChartConfiguration; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const chart = new Chart(canvas.current!, config);
    return () => chart.destroy();
  }, [config]);
  // The numbers are in a table beside the chart for screen readers; the picture is named only.
  return <canvas ref={canvas} role="img" aria-label={label} />;
}

const integerAxis = { beginAtZero: true, ticks: { precision: 0 }, grid: { color: LINE } };

/** Sign-ups per month as bars. */
export function RegistrationChart({ months }: { months: RegistrationMonth[] }) {
  const config = useMemo(
    (): ChartConfiguration<"bar"> => ({
      type: "bar",
      data: {
        labels: months.map((month) => formatMonth(month.month)),
        datasets: [
          {
            label: "Sign-ups",
            data: months.map((month) => month.count),
            backgroundColor: ACCENT,
            borderRadius: 6,
            maxBarThickness: 48,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: reducedMotion() ? false : undefined,
        plugins: { legend: { display: false } },
        scales: { x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: true } }, y: integerAxis },
      },
    }),
    [months],
  );
  return (
    <ChartCanvas config={config as ChartConfiguration} label="Bar chart of sign-ups per month for the last 12 months" />
  );
}

/** Page views and unique visitors per day as two lines. */
export function TrafficChart({ days }: { days: AnalyticsDay[] }) {
  const config = useMemo(
    (): ChartConfiguration<"line"> => ({
      type: "line",
      data: {
        labels: days.map((day) => formatDay(day.date)),
        datasets: [
          {
            label: "Page views",
            data: days.map((day) => day.views),
            borderColor: ACCENT,
            backgroundColor: ACCENT_FILL,
            fill: true,
            cubicInterpolationMode: "monotone",
            pointRadius: days.length > 14 ? 0 : 3,
            pointHoverRadius: 4,
            borderWidth: 2,
          },
          {
            label: "Visitors",
            data: days.map((day) => day.visitors),
            borderColor: INK,
            backgroundColor: INK,
            segment: { borderDash: () => [6, 4] },
            cubicInterpolationMode: "monotone",
            pointRadius: days.length > 14 ? 0 : 3,
            pointHoverRadius: 4,
            borderWidth: 2,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: reducedMotion() ? false : undefined,
        interaction: { mode: "index", intersect: false },
        plugins: { legend: { position: "bottom", labels: { boxWidth: 14, boxHeight: 10 } } },
        scales: {
          x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: true, maxTicksLimit: 8 } },
          y: integerAxis,
        },
      },
    }),
    [days],
  );
  return (
    <ChartCanvas
      config={config as ChartConfiguration}
      label={`Line chart of page views and visitors per day for the last ${days.length} days`}
    />
  );
}
