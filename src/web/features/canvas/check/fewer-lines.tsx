import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../../components/ui/button";
import { LADDER_STEP_NAMES, type LadderStep } from "../../../../shared/grid/ladder";

/**
 * After a check good enough to need less help (decision 074): the next step of the grid ladder,
 * offered, never forced; the learner can always go back in 'Grid lines'.
 */
export function FewerLines({ next, onTry }: { next: LadderStep; onTry: () => void }) {
  const { i18n } = useLingui();
  const name = i18n._(LADDER_STEP_NAMES[next]);
  return (
    <div className="rounded-2xl border border-accent/40 bg-accent/5 px-4 py-4">
      <p className="font-semibold">
        <Trans>Your copy is close to the template: try it with fewer grid lines.</Trans>
      </p>
      <p className="mt-1 text-sm text-ink-soft">
        <Trans>Next step: {name}. You can go back in 'Grid lines' at any time.</Trans>
      </p>
      <Button className="mt-3" onClick={onTry}>
        <Trans>Try with fewer lines</Trans>
      </Button>
    </div>
  );
}
