import { useState } from "react";
import { Link } from "wouter";
import { CheckCircle2, RotateCcw, TrendingUp } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";

/** Cells marked done: 'n of m cells done', a bar, the next cell to draw and a reset (decision 013). */
export function ProgressPanel({
  done,
  total,
  onNext,
  onReset,
}: {
  done: number;
  total: number;
  onNext: (() => void) | null;
  onReset: () => void;
}) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <section aria-labelledby="progress-heading" className="mt-5">
      <h2 id="progress-heading" className="font-sans text-sm font-bold uppercase tracking-wider text-ink-soft">
        <Trans>Progress</Trans>
      </h2>
      <p className="mt-2 text-sm font-semibold text-ink" id="progress-count">
        <Trans>
          {done} of {total} cells done
        </Trans>
      </p>
      <div
        role="progressbar"
        aria-labelledby="progress-count"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-paper-deep"
      >
        <div className="h-full rounded-full bg-[#15803d] transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {/* Next takes a line of its own when it and Reset do not fit on one, then wraps its words if it must. */}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          className="flex-[1_1_auto] px-3 py-2 text-center"
          onClick={onNext ?? undefined}
          disabled={!onNext}
        >
          <CheckCircle2 className="h-4 w-4" aria-hidden /> {onNext ? t`Next cell to draw` : t`All cells done!`}
        </Button>
        <Button
          variant="ghost"
          className="px-3"
          onClick={() => setConfirming(true)}
          disabled={done === 0}
          aria-label={t`Reset done cells`}
        >
          <RotateCcw className="h-4 w-4" aria-hidden /> <Trans>Reset</Trans>
        </Button>
      </div>
      <Link
        href="/progress"
        className="mt-1 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-accent underline underline-offset-2"
      >
        <TrendingUp className="h-4 w-4" aria-hidden /> <Trans>Your progress over every drawing</Trans>
      </Link>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Reset done cells?`}
        description={t`Every cell goes back to not done. The picture and the grid stay as they are.`}
        action={t`Reset`}
        pendingAction={t`Resetting...`}
        pending={false}
        onConfirm={() => {
          onReset();
          setConfirming(false);
        }}
      />
    </section>
  );
}
