import { useId } from "react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../components/ui/button";
import { TEMPLATE_LEVELS } from "../../../shared/dragons/levels";
import type { LibraryView, Sort } from "./library-view";

// The library's level and order controls (decision 072): loaded after the page, which renders
// them on the server (library-view.ts holds the choice and what it shows).

const chipClass = "min-h-11 min-w-11 rounded-full border px-3.5 text-sm font-semibold transition-colors";
const chipOnClass = "border-ink bg-ink text-white";
const chipOffClass = "border-line bg-white text-ink hover:border-ink-soft";
const chip = (on: boolean) => `${chipClass} ${on ? chipOnClass : chipOffClass}`;

/** Level: all or one of five, as toggle buttons; Order: newest, easiest or hardest first. */
export function LevelFilter({
  view,
  onChoose,
  count,
}: {
  view: LibraryView;
  onChoose: (view: LibraryView) => void;
  count: number;
}) {
  const { t } = useLingui();
  const sortId = useId();
  return (
    <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
      <div role="group" aria-label={t`Level`} className="flex flex-wrap items-center gap-1.5 sm:gap-2">
        {/* On a phone the chips alone fit one line; the group's name tells screen readers. */}
        <span className="me-1 hidden text-sm font-semibold text-ink-soft sm:inline" aria-hidden>
          <Trans>Level</Trans>
        </span>
        <button
          type="button"
          aria-pressed={view.level === null}
          onClick={() => onChoose({ ...view, level: null })}
          className={chip(view.level === null)}
        >
          <Trans>All levels</Trans>
        </button>
        {TEMPLATE_LEVELS.map((level) => (
          <button
            key={level}
            type="button"
            aria-pressed={view.level === level}
            aria-label={t`Level ${level}`}
            onClick={() => onChoose({ ...view, level })}
            className={chip(view.level === level)}
          >
            {level}
          </button>
        ))}
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={sortId} className="text-sm font-semibold text-ink-soft">
          <Trans>Order</Trans>
        </label>
        <select
          id={sortId}
          value={view.sort}
          onChange={(event) => onChoose({ ...view, sort: event.target.value as Sort })}
          className="min-h-11 cursor-pointer rounded-xl border border-line bg-white ps-3.5 pe-9 text-base text-ink focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
        >
          <option value="newest">{t`Newest first`}</option>
          <option value="easiest">{t`Easiest first`}</option>
          <option value="hardest">{t`Hardest first`}</option>
        </select>
      </div>
      {/* Tells screen readers what a choice left, as sighted readers see the grid change. */}
      <p className="sr-only" aria-live="polite">
        <Plural value={count} one="# dragon" other="# dragons" />
      </p>
    </div>
  );
}

/** No template of the chosen level. */
export function NoDragonsAtLevel({ onShowAll }: { onShowAll: () => void }) {
  return (
    <div className="rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 p-10 text-center">
      <h2 className="text-2xl font-bold">
        <Trans>No Dragons at This Level Yet</Trans>
      </h2>
      <p className="mt-2 text-ink-soft">
        <Trans>Choose another level, or see every dragon.</Trans>
      </p>
      <Button variant="secondary" onClick={onShowAll} className="mt-6">
        <Trans>Show all levels</Trans>
      </Button>
    </div>
  );
}
