import { ImagePlus, Lock } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Spinner } from "../../components/ui/spinner";
import { DragonGrid } from "../../components/dragon-card";
import type { Dragon } from "../../../shared/dragons/responses";
import { usePictures } from "../../lib/pictures";

/** The row's contents once the list is asked for: a spinner, a failure, the cards or a warm empty state. */
function PicturesBody({ pictures, loading, failed }: { pictures: Dragon[]; loading: boolean; failed: boolean }) {
  const { t } = useLingui();
  if (loading) return <Spinner label={t`Loading your pictures`} />;
  if (failed) {
    return (
      <p role="alert" className="rounded-2xl border border-line bg-white p-6 text-center text-ink-soft">
        <Trans>Your pictures could not be loaded. Please check your connection and reload the page.</Trans>
      </p>
    );
  }
  if (pictures.length > 0) return <DragonGrid dragons={pictures} />;
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-white/80 px-6 py-8 text-center">
      <ImagePlus className="h-8 w-8 text-accent" aria-hidden />
      <p className="text-lg font-semibold text-ink">
        <Trans>Your own pictures will appear here</Trans>
      </p>
      <p className="max-w-md text-ink-soft">
        <Trans>
          Upload a photo you love or create one with AI: it gets its own drawing grid, and only you can see it.
        </Trans>
      </p>
    </div>
  );
}

/**
 * 'My pictures' above the library on /home: a member's private templates, shown to them alone. A
 * Pro member sees the row even while it is empty; someone without Pro sees it only while they still
 * have pictures from a time they had it.
 */
export function MyPictures({ userId, isPro }: { userId: string; isPro: boolean }) {
  const query = usePictures(userId);
  const pictures = query.data ?? [];
  if (!isPro && pictures.length === 0) return null;
  return (
    <section
      aria-labelledby="my-pictures-heading"
      className="mt-8 rounded-[var(--radius-card)] border border-line bg-paper-deep/60 p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="my-pictures-heading" className="text-2xl font-bold sm:text-3xl">
          <Trans>My pictures</Trans>
        </h2>
        <p className="flex items-center gap-1.5 text-sm text-ink-soft">
          <Lock className="h-4 w-4" aria-hidden /> <Trans>Only you can see these</Trans>
        </p>
      </div>
      <div className="mt-4">
        <PicturesBody pictures={pictures} loading={query.isLoading} failed={query.isError} />
      </div>
    </section>
  );
}
