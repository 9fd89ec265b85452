import { useEffect, useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { buttonClass } from "../../components/ui/button";
import { useAuth } from "../../lib/auth";
import { useHydrated } from "../../lib/use-hydrated";
import { useDragons } from "../../lib/dragons";
import { apiQuery } from "../../lib/api-client";
import { visitorDrawings } from "../../lib/visitor-learning";
import type { DragonVersion } from "../../../shared/dragons";

// Where a learner finds their way back to a drawing (decision 050): 'Your drawings' at the top of
// the library and 'Continue' on a dragon's page. This file loads after the page, in a chunk of its
// own, so the public pages' first-load JavaScript stays within its budget.

interface Drawing {
  dragonId: string;
  cellsDone: number;
  cells: number;
}

/**
 * The drawings with at least one cell done: a member's saved progress (newest first), then the
 * copies this browser kept while they were a visitor of dragons they have no saved progress of
 * (the canvas takes such a copy into their account when it opens); a visitor's copies. Undefined
 * until known, and while the page hydrates: the server rendered none, having neither the browser's
 * storage nor the member's progress.
 */
function useDrawings(): Drawing[] | undefined {
  const { isAuthenticated, isLoading } = useAuth();
  const hydrated = useHydrated();
  // Asked again on every visit: the canvas saves progress without telling this read.

  const saved = useQuery({ ...apiQuery("GET /api/wip"), enabled: isAuthenticated, staleTime: 0, gcTime: 0 });
  const visitor = useMemo(() => (hydrated && !isLoading ? visitorDrawings() : []), [hydrated, isLoading]);
  if (!hydrated || isLoading) return undefined;
  const account = saved.data ?? [];
  const drawings: Drawing[] = isAuthenticated
    ? [...account, ...visitor.filter((copy) => !account.some((drawing) => drawing.dragonId === copy.dragonId))]
    : visitor;
  return drawings.filter((drawing) => drawing.cellsDone > 0);
}

function CellsDone({ cellsDone, cells }: Drawing) {
  return (
    <>
      <span className="block text-sm text-ink-soft">
        <Plural value={cells} one={`${cellsDone} of # cell done`} other={`${cellsDone} of # cells done`} />
      </span>
      <span className="mt-1.5 block h-2 overflow-hidden rounded-full bg-paper-deep" aria-hidden>
        <span className="block h-full rounded-full bg-[#15803d]" style={{ width: `${(cellsDone / cells) * 100}%` }} />
      </span>
    </>
  );
}

/** The library's 'Your drawings': each started dragon, its progress, and a way straight back to its canvas. */
export function YourDrawings() {
  const drawings = useDrawings();
  const dragons = useDragons();
  const shown = useMemo(() => {
    const byId = new Map(dragons.data?.map((dragon) => [dragon.id, dragon]));
    return (drawings ?? []).flatMap((drawing) => {
      const dragon = byId.get(drawing.dragonId);
      return dragon ? [{ ...drawing, dragon }] : [];
    });
  }, [drawings, dragons.data]);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="your-drawings-heading" className="mt-8">
      <h2 id="your-drawings-heading" className="text-2xl font-bold">
        <Trans>Your drawings</Trans>
      </h2>
      {/* One row that scrolls sideways on a phone; the next card peeks out to say there is more. */}
      <ul className="-mx-4 mt-3 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
        {shown.map(({ dragon, ...drawing }) => (
          <li key={dragon.id} className="w-[17rem] shrink-0 snap-start">
            <Link
              href={`/draw/${dragon.id}`}
              className="flex h-full items-center gap-3 rounded-[var(--radius-card)] border border-line bg-white p-3 shadow-sm transition hover:shadow-md"
            >
              <img
                src={dragon.previewSmallUrl ?? dragon.previewUrl}
                alt=""
                width={80}
                height={80}
                className="h-20 w-20 shrink-0 object-contain"
              />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold leading-snug break-words">{dragon.name}</span>
                <CellsDone {...drawing} />
                <span className="mt-2 block text-sm font-semibold text-accent-strong">
                  <Trans>Continue</Trans> <span className="inline-block rtl:-scale-x-100">→</span>
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Tells the library once it knows this learner has finished a drawing (every cell done), so it can
 * take 'Start here' away; draws nothing.
 */
export function FinishedDrawingWatch({ onFinished }: { onFinished: () => void }) {
  const finished = useDrawings()?.some((drawing) => drawing.cells > 0 && drawing.cellsDone >= drawing.cells);
  useEffect(() => {
    if (finished) onFinished();
  }, [finished, onFinished]);
  return null;
}

/** On a dragon's page, once a cell is done: how far the learner has come and 'Continue' to the canvas. */
export function ContinueDrawing({ dragonId, version }: { dragonId: string; version: DragonVersion }) {
  const drawing = useDrawings()?.find((candidate) => candidate.dragonId === dragonId);
  const { t } = useLingui();
  if (!drawing) return null;
  return (
    <section
      aria-label={t`Your drawing`}
      className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-3 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm"
    >
      <div className="min-w-[10rem] max-w-md flex-1">
        <p className="font-semibold">
          <Trans>You have started this dragon</Trans>
        </p>
        <CellsDone {...drawing} />
      </div>
      <Link href={`/draw/${dragonId}?version=${version}`} className={buttonClass("primary", "min-h-12 px-6")}>
        <Trans>Continue</Trans>
      </Link>
    </section>
  );
}
