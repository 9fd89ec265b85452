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
import type { I18n } from "@lingui/core";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { directionOf } from "../../../shared/i18n/locales";
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
// eslint-disable-next-line lingui/no-unlocalized-strings -- a colour, not words
const ACCENT_FILL = "rgba(194, 65, 12, 0.12)";
const INK = "#2b2118";
const INK_SOFT = "#5f5247";
const LINE = "#e7dccb";

Chart.defaults.color = INK_SOFT;
Chart.defaults.borderColor = LINE;
Chart.defaults.font.family =
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a font stack, not words
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

/**
 * What every chart takes from the page's language: its numbers (the axis, the tooltips) written the
 * language's way, and, in a right-to-left language, the legend and tooltips read from the right.
 * The time axis still runs left to right, as the tables' dates do.
 */
function languageOptions(i18n: I18n) {
  const rtl = directionOf(i18n.locale) === "rtl";
  return { locale: i18n.locale, rtl, textDirection: rtl ? "rtl" : "ltr" } as const;
}

const integerAxis = { beginAtZero: true, ticks: { precision: 0 }, grid: { color: LINE } };

/** Sign-ups per month as bars. */
export function RegistrationChart({ months }: { months: RegistrationMonth[] }) {
  const { t, i18n } = useLingui();
  const config = useMemo((): ChartConfiguration<"bar"> => {
    const language = languageOptions(i18n);
    return {
      type: "bar",
      data: {
        labels: months.map((month) => formatMonth(i18n, month.month)),
        datasets: [
          {
            label: t`Sign-ups`,
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
        locale: language.locale,
        plugins: {
          legend: { display: false },
          tooltip: { rtl: language.rtl, textDirection: language.textDirection },
        },
        scales: { x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: true } }, y: integerAxis },
      },
    };
  }, [months, t, i18n]);
  return (
    <ChartCanvas
      config={config as ChartConfiguration}
      label={t`Bar chart of sign-ups per month for the last 12 months`}
    />
  );
}

/** Page views and unique visitors per day as two lines. */
export function TrafficChart({ days }: { days: AnalyticsDay[] }) {
  const { t, i18n } = useLingui();
  const config = useMemo((): ChartConfiguration<"line"> => {
    const language = languageOptions(i18n);
    return {
      type: "line",
      data: {
        labels: days.map((day) => formatDay(i18n, day.date)),
        datasets: [
          {
            label: t`Page views`,
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
            label: t`Visitors`,
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
        locale: language.locale,
        plugins: {
          legend: {
            position: "bottom",
            labels: { boxWidth: 14, boxHeight: 10 },
            rtl: language.rtl,
            textDirection: language.textDirection,
          },
          tooltip: { rtl: language.rtl, textDirection: language.textDirection },
        },
        scales: {
          x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: true, maxTicksLimit: 8 } },
          y: integerAxis,
        },
      },
    };
  }, [days, t, i18n]);
  const count = days.length;
  return (
    <ChartCanvas
      config={config as ChartConfiguration}
      label={t({
        message: plural(count, {
          one: "Line chart of page views and visitors per day for the last # day",
          other: "Line chart of page views and visitors per day for the last # days",
        }),
      })}
    />
  );
}
