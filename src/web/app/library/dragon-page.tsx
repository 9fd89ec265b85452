import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import { ArrowLeft, Grid3x3 } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { useAuth } from "../../lib/auth";
import { usePageMeta } from "../../lib/page-meta";
import { pageTitle } from "../../../shared/page-meta";
import { DEFAULT_DESCRIPTION } from "../../../shared/site";
import type { DragonVersion } from "../../../shared/dragons";
import { useDragon } from "../../lib/dragons";
import { DragonNotFound } from "../../components/dragon-not-found";
import tutorial from "../../assets/tutorial/grid-on-paper.webp";
import tutorialSmall from "../../assets/tutorial/grid-on-paper-600.webp";
import { ShareDrawingLink } from "../../components/share-drawing-link";
import { withMembersMessages } from "../../lib/i18n";

// Download and Delete (with the dialog they need) load for admins only.
const DragonAdminActions = lazy(
  withMembersMessages(() =>
    import("../../features/dragons/dragon-admin-actions").then((m) => ({ default: m.DragonAdminActions })),
  ),
);
// A member's own picture (decision 031) is only ever answered to its owner: their Rename, Download and Delete.
const PictureOwnerActions = lazy(
  withMembersMessages(() =>
    import("../../features/pictures/picture-owner-actions").then((m) => ({ default: m.PictureOwnerActions })),
  ),
);
// The level's badge (decision 072), over the picture: it moves nothing when its code arrives.
const LevelBadge = lazy(() => import("../../components/level-badge"));
// 'Continue', once a cell is done, reads this browser or the member's progress after the page is up (decision 050).
const ContinueDrawing = lazy(() => import("./your-drawings").then((m) => ({ default: m.ContinueDrawing })));

const STEPS = [
  msg`Choose your paper size and the size of the grid squares.`,
  msg`Move, scale and crop the image until it sits on the paper the way you like.`,
  msg`A matching grid is placed over the image, lettered across the top and numbered down the side.`,
  msg`Draw the same grid on your paper with a ruler and pencil. Don't press hard: you will erase it later.`,
];

/** /dragon/{id}: one template, its versions, and the way to the canvas. */
export function DragonPage({ params }: { params: { id: string } }) {
  const dragon = useDragon(params.id);
  const { isAdmin } = useAuth();
  const [version, setVersion] = useState<DragonVersion>("color");
  const { t, i18n } = useLingui();
  const data = dragon.data;
  const name = data?.name;
  usePageMeta(
    data
      ? {
          title: pageTitle(data.name),
          description: t`Draw ${name} step by step with the grid method.`,
          image: data.previewUrl,
        }
      : { title: pageTitle(t`Dragon`), description: DEFAULT_DESCRIPTION },
  );

  if (dragon.isLoading) return <Spinner label={t`Loading dragon`} />;
  if (!data) {
    return <DragonNotFound />;
  }

  const hasPencil = Boolean(data.pencilPreviewUrl);
  const shown: DragonVersion = hasPencil ? version : "color";
  const previewUrl = shown === "pencil" ? data.pencilPreviewUrl! : data.previewUrl;
  const attribution = data.attribution;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 md:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <Link href="/home" className={buttonClass("ghost", "px-3")} aria-label={t`Back to Library`}>
            <ArrowLeft className="h-5 w-5 rtl:-scale-x-100" aria-hidden />
          </Link>
          {/* The whole name, wrapping onto a second line on a phone rather than cut (decision 052). */}
          <h1 className="min-w-0 text-3xl font-bold text-balance break-words sm:text-4xl">{data.name}</h1>
        </div>
        <Suspense fallback={null}>
          {data.isPrivate ? (
            <PictureOwnerActions picture={data} version={shown} />
          ) : (
            isAdmin && <DragonAdminActions dragon={data} version={shown} />
          )}
        </Suspense>
      </div>

      <Suspense fallback={null}>
        <ContinueDrawing dragonId={data.id} version={shown} />
      </Suspense>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-10">
        <div>
          <Card className="relative overflow-hidden">
            <Suspense fallback={null}>
              <LevelBadge level={data.level} />
            </Suspense>
            <img
              key={previewUrl}
              src={previewUrl}
              alt={shown === "pencil" ? t`${name}, pencil version` : t`${name}, color version`}
              width={data.width ?? 800}
              height={data.height ?? 800}
              fetchPriority="high"
              className="mx-auto block aspect-square h-auto w-full max-w-[640px] object-contain p-4"
            />
          </Card>
          {hasPencil && (
            <div
              role="group"
              aria-label={t`Version`}
              className="mx-auto mt-4 flex w-fit gap-1 rounded-full bg-paper-deep p-1"
            >
              {(["color", "pencil"] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  aria-pressed={shown === v}
                  onClick={() => setVersion(v)}
                  className={`min-h-11 rounded-full px-6 text-sm font-semibold transition-colors ${shown === v ? "bg-white text-ink shadow-sm" : "text-ink-soft hover:text-ink"}`}
                >
                  {v === "color" ? <Trans>Color</Trans> : <Trans>Pencil</Trans>}
                </button>
              ))}
            </div>
          )}
        </div>

        <section aria-labelledby="ready-heading">
          <Card className="p-6 sm:p-8">
            <h2 id="ready-heading" className="text-3xl font-bold">
              <Trans>Ready to Draw?</Trans>
            </h2>
            {/* First, under the title: on a phone it is then on the first screen, not under the steps. */}
            <Link
              href={`/draw/${data.id}?version=${shown}`}
              className={buttonClass("primary", "mt-5 min-h-14 w-full text-base")}
            >
              <Grid3x3 className="h-5 w-5" aria-hidden /> <Trans>Grid my dragon!</Trans>
            </Link>
            <h3 className="mt-5 text-sm font-bold uppercase tracking-wider text-accent-strong">
              <Trans>What's Next</Trans>
            </h3>
            <ol className="mt-3 grid gap-3">
              {STEPS.map((step, index) => (
                <li key={index} className="flex gap-3">
                  <span
                    className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-ink text-sm font-bold text-white"
                    aria-hidden
                  >
                    {index + 1}
                  </span>
                  <span className="pt-1 text-ink">{i18n._(step)}</span>
                </li>
              ))}
            </ol>
            <img
              src={tutorial}
              srcSet={`${tutorialSmall} 600w, ${tutorial} 1200w`}
              sizes="(min-width: 1024px) 480px, calc(100vw - 5rem)"
              width={1200}
              height={800}
              loading="lazy"
              alt={t`A pencil grid drawn lightly on paper with a ruler, the first squares of a dragon copied into it`}
              className="mt-6 h-auto w-full rounded-2xl border border-line"
            />
            <p className="mt-5 text-center text-sm text-ink-soft">
              <Trans>Finished drawing it?</Trans>
            </p>
            <ShareDrawingLink dragonId={data.id} className="mt-2 w-full" />
          </Card>
        </section>
      </div>
      {attribution && (
        <p className="mt-5 text-center text-sm text-ink-soft">
          <Trans>Picture: {attribution}</Trans>
        </p>
      )}
    </div>
  );
}
