import { Trans } from "@lingui/react/macro";
import { DragonGrid } from "../../components/dragon-card";
import type { Dragon } from "../../../shared/dragons/responses";
import { arrange, useLibraryView } from "./library-view";
import { LevelFilter, NoDragonsAtLevel } from "./level-filter";
import { StartHere } from "./start-here";

/**
 * The library's templates (decision 072): 'Start here' for someone who has not finished a drawing
 * (and has not chosen a level), then every template with the level and order controls.
 */
export function LibraryShelf({ dragons, finishedOne }: { dragons: Dragon[]; finishedOne: boolean }) {
  const [view, chooseView] = useLibraryView();
  const shown = arrange(dragons, view);
  const startHere = !finishedOne && view.level === null;
  return (
    <>
      {startHere && <StartHere dragons={dragons} />}
      <section aria-labelledby="all-dragons-heading" className={startHere ? "mt-8" : ""}>
        <h2 id="all-dragons-heading" className="mb-3 text-2xl font-bold">
          <Trans>All dragons</Trans>
        </h2>
        <LevelFilter view={view} onChoose={chooseView} count={shown.length} />
        <div className="mt-5">
          {shown.length > 0 ? (
            <DragonGrid dragons={shown} eager={4} />
          ) : (
            <NoDragonsAtLevel onShowAll={() => chooseView({ ...view, level: null })} />
          )}
        </div>
      </section>
    </>
  );
}
