import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";
import { ChevronLeft, ChevronRight, type LucideIcon } from "lucide-react";
import { Card } from "../../components/ui/card";

/** One figure on a card: what it counts, the number, and a line of detail. */
export function StatCard({
  icon: Icon,
  label,
  value,
  detail,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  detail?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card role="group" aria-labelledby={headingId} className="flex min-w-0 flex-col p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <h2
          id={headingId}
          className="min-w-0 font-sans text-sm font-semibold leading-snug text-ink-soft hyphens-auto [overflow-wrap:anywhere]"
        >
          {label}
        </h2>
        <span
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-strong"
          aria-hidden
        >
          <Icon className="h-4.5 w-4.5" />
        </span>
      </div>
      <p className="mt-2 font-display text-3xl font-bold tabular-nums text-ink">{value}</p>
      {detail && <p className="mt-1 text-xs leading-relaxed text-ink-soft">{detail}</p>}
    </Card>
  );
}

/** A card with a heading, an optional action beside it, and content. */
export function Section({
  title,
  description,
  action,
  children,
  className = "",
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className={`min-w-0 p-4 sm:p-6 ${className}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-bold sm:text-2xl">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-ink-soft">{description}</p>}
        </div>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </Card>
  );
}

/**
 * Where a table that scrolls sideways has more to show: before its start edge, past its end (left
 * and right, or right and left in a right-to-left page, where scrollLeft counts down from 0).
 */
function useHiddenSides(scroller: RefObject<HTMLDivElement | null>) {
  const [sides, setSides] = useState({ before: false, after: false });
  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const measure = () => {
      // Rounded: a box sized in fractions of a pixel never scrolls to the exact end.
      const scrolled = Math.abs(box.scrollLeft);
      const before = scrolled > 1;
      const after = scrolled + box.clientWidth < box.scrollWidth - 1;
      setSides((old) => (old.before === before && old.after === after ? old : { before, after }));
    };
    measure();
    box.addEventListener("scroll", measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(box);
    if (box.firstElementChild) resized.observe(box.firstElementChild);
    return () => {
      box.removeEventListener("scroll", measure);
      resized.disconnect();
    };
  }, [scroller]);
  return sides;
}

/** A column shown from the sm breakpoint up: on a phone its content is shown in the row's first cell. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a class list, not words
export const WIDE_ONLY = "hidden sm:table-cell";

/**
 * A table that scrolls sideways inside its card on narrow screens, never the page. The scrolling
 * box can take focus, so it can be scrolled from the keyboard. A side with more to see fades out
 * under a chevron, so a cut-off column reads as "swipe for more" rather than as the end.
 */
export function DataTable({
  label,
  headers,
  children,
  minWidth,
  numeric = [],
  wideOnly = [],
}: {
  label: string;
  headers: ReactNode[];
  children: ReactNode;
  /** Below this width the table scrolls; without it, only when its content is wider than the card. */
  minWidth?: string;
  numeric?: number[];
  /** The columns hidden on a phone (their cells take WIDE_ONLY too). */
  wideOnly?: number[];
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const { before, after } = useHiddenSides(scroller);
  const more = [before && "before", after && "after"].filter(Boolean).join(" ");
  return (
    <div className="relative -mx-4 sm:-mx-6" data-more={more || undefined}>
      <div ref={scroller} role="region" aria-label={label} tabIndex={0} className="overflow-x-auto px-4 sm:px-6">
        <table className="w-full border-collapse text-start text-sm" style={{ minWidth }}>
          <caption className="sr-only">{label}</caption>
          <thead>
            <tr className="border-b border-line text-xs uppercase tracking-wide text-ink-soft">
              {headers.map((header, i) => (
                <th
                  key={i}
                  scope="col"
                  className={`whitespace-nowrap px-3 py-2 font-semibold first:ps-0 last:pe-0 ${numeric.includes(i) ? "text-end" : ""} ${wideOnly.includes(i) ? WIDE_ONLY : ""}`}
                >
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">{children}</tbody>
        </table>
      </div>
      {before && (
        <span
          aria-hidden
          className="pointer-events-none absolute inset-y-0 start-0 flex w-12 items-center justify-start bg-linear-to-r from-white via-white/80 to-transparent ps-1 rtl:bg-linear-to-l"
        >
          <ChevronLeft className="h-5 w-5 rounded-full bg-white text-ink-soft shadow rtl:-scale-x-100" />
        </span>
      )}
      {after && (
        <span
          aria-hidden
          className="pointer-events-none absolute inset-y-0 end-0 flex w-12 items-center justify-end bg-linear-to-l from-white via-white/80 to-transparent pe-1 rtl:bg-linear-to-r"
        >
          <ChevronRight className="h-5 w-5 rounded-full bg-white text-ink-soft shadow rtl:-scale-x-100" />
        </span>
      )}
    </div>
  );
}

/** A body cell with the table's padding. */
export function Cell({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <td className={`px-3 py-2.5 align-middle first:ps-0 last:pe-0 ${className}`}>{children}</td>;
}

/** What an empty table shows instead of rows. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-line bg-paper px-4 py-8 text-center text-ink-soft">
      {children}
    </p>
  );
}

/** A small status label in a table. */
export function Badge({ tone, children }: { tone: "green" | "accent"; children: ReactNode }) {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- class lists, not words
  const colours = tone === "green" ? "bg-emerald-100 text-emerald-900" : "bg-accent-soft text-accent-strong";
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ${colours}`}>
      {children}
    </span>
  );
}
