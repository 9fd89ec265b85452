import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import { buttonClass } from "../../components/ui/button";
import { DragonCard } from "../../components/dragon-card";
import type { Dragon } from "../../../shared/dragons/responses";

/** How many first templates the row offers: enough to choose from, few enough to choose. */
const OFFERED = 6;

/**
 * 'Start here' (decision 072): the simplest templates, level 1, for someone who has not finished a
 * drawing yet. Rendered with the page, so a newcomer's library does not shift when it hydrates;
 * the page takes it away once it knows a drawing was finished.
 */
export function StartHere({ dragons }: { dragons: Dragon[] }) {
  const first = dragons.filter((dragon) => dragon.level === 1).slice(0, OFFERED);
  if (first.length === 0) return null;
  return (
    <section aria-labelledby="start-here-heading" className="rounded-[var(--radius-card)] bg-accent-soft/60 p-4 sm:p-6">
      <h2 id="start-here-heading" className="text-2xl font-bold">
        <Trans>Start here</Trans>
      </h2>
      <p className="mt-1 text-ink-soft">
        <Trans>Simple shapes for a first drawing. Finish one, then try the next level.</Trans>
      </p>
      <Link href="/first-drawing" className={buttonClass("primary", "mt-3")}>
        <Trans>Draw your first dragon</Trans>
      </Link>
      {/* One row that scrolls sideways on a phone; the next card peeks out to say there is more. */}
      <ul className="-mx-4 mt-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:gap-5 sm:overflow-visible sm:px-0 lg:grid-cols-6">
        {first.map((dragon) => (
          <li key={dragon.id} className="w-40 shrink-0 snap-start sm:w-auto">
            <DragonCard dragon={dragon} eager />
          </li>
        ))}
      </ul>
    </section>
  );
}
