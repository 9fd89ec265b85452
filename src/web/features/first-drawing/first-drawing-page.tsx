import { useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { Eraser, FileText, Pencil, Ruler } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { useDragons } from "../../lib/dragons";
import { useScreenPageMeta } from "../../lib/use-screen-page-meta";
import { GUIDE_PAPERS, startGuide, type GuidePaper } from "../../lib/first-drawing-guide";
import { RulingPicture } from "./ruling-picture";

/** Level-1 templates offered: three, as a teacher would lay out three to choose from. */
const OFFERED = 3;

/**
 * /first-drawing (decision 076): a beginner's first dragon, guided. Choose one of three level-1
 * templates; the paper, what to have and how to rule the grid are on the same screen, so 'Start
 * drawing' opens the canvas on the first cell: three taps from the landing page. The canvas then
 * gives a hint at each of the first cells and, once every cell is done, 'Check my drawing'.
 */
export function FirstDrawingPage() {
  useScreenPageMeta("/first-drawing");
  const { t } = useLingui();
  const dragons = useDragons();
  const [, navigate] = useLocation();
  const [chosen, setChosen] = useState<string | null>(null);
  const [paper, setPaper] = useState<GuidePaper>("letter");
  if (dragons.isLoading) return <Spinner label={t`Loading dragons`} />;
  const offered = (dragons.data ?? []).filter((dragon) => dragon.level === 1).slice(0, OFFERED);
  const spacing = paper === "letter" ? t`2 inches` : t`5 cm`;

  const start = () => {
    if (!chosen) return;
    startGuide(chosen);
    navigate(`/draw/${chosen}?guide=${paper}`);
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold sm:text-4xl">
        <Trans>Draw your first dragon</Trans>
      </h1>
      <p className="mt-2 text-lg text-ink-soft">
        <Trans>Six steps. Choose a dragon, then everything else is on this page.</Trans>
      </p>
      <ol className="mt-6 grid gap-5">
        <Step number={1} title={t`Choose a dragon`}>
          <p>
            <Trans>Each of these is a simple shape, good for a first drawing.</Trans>
          </p>
          <div role="group" aria-label={t`Dragons for a first drawing`} className="mt-3 grid grid-cols-3 gap-3">
            {offered.map((dragon) => (
              <button
                key={dragon.id}
                type="button"
                aria-pressed={chosen === dragon.id}
                onClick={() => setChosen(dragon.id)}
                className={`flex min-h-11 flex-col items-center gap-2 rounded-xl border-2 bg-white p-2 text-sm font-semibold transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent ${chosen === dragon.id ? "border-accent" : "border-line hover:border-accent/50"}`}
              >
                <img
                  src={dragon.previewSmallUrl ?? dragon.previewUrl}
                  alt=""
                  width={96}
                  height={96}
                  className="aspect-square w-full object-contain"
                />
                <span className="break-words">{dragon.name}</span>
              </button>
            ))}
          </div>
        </Step>
        <Step number={2} title={t`Your paper`}>
          <p>
            <Trans>Large squares are easiest to copy. Use the paper you have:</Trans>
          </p>
          <div role="radiogroup" aria-label={t`Paper`} className="mt-3 flex flex-wrap gap-2">
            {(Object.keys(GUIDE_PAPERS) as GuidePaper[]).map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={paper === option}
                onClick={() => setPaper(option)}
                className={`min-h-11 rounded-full border-2 px-4 font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent ${paper === option ? "border-accent bg-accent-soft" : "border-line bg-white"}`}
              >
                {option === "letter" ? t`Letter, 2-inch squares` : t`A4, 5 cm squares`}
              </button>
            ))}
          </div>
        </Step>
        <Step number={3} title={t`What to have`}>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Need icon={<FileText className="h-5 w-5" aria-hidden />} name={t`Paper`} />
            <Need icon={<Pencil className="h-5 w-5" aria-hidden />} name={t`A pencil`} />
            <Need icon={<Ruler className="h-5 w-5" aria-hidden />} name={t`A ruler`} />
            <Need icon={<Eraser className="h-5 w-5" aria-hidden />} name={t`An eraser`} />
          </ul>
        </Step>
        <Step number={4} title={t`Rule the grid lightly`}>
          <div className="grid items-start gap-4 sm:grid-cols-[1fr_14rem]">
            <p>
              <Trans>
                Along each edge of the paper, make a small mark every {spacing}. Join the marks across the paper with
                light pencil lines, so they erase later. Write the letters along the top and the numbers down the side,
                as the screen does.
              </Trans>{" "}
              <Trans>Before the first square, you can photograph it to hear whether its lines are even.</Trans>
            </p>
            <RulingPicture />
          </div>
        </Step>
        <Step number={5} title={t`Cell by cell`}>
          <p>
            <Trans>
              The canvas opens on the first square to draw. Copy only what is in that square into the same square on
              your paper; a hint says how for the first squares. Mark each one done and move on.
            </Trans>
          </p>
        </Step>
        <Step number={6} title={t`Check your drawing`}>
          <p>
            <Trans>
              When every square is done, photograph your paper with 'Check my drawing' to see how close it is.
            </Trans>
          </p>
        </Step>
      </ol>
      <div className="sticky bottom-20 mt-6 md:bottom-4">
        <Button className="min-h-14 w-full text-base shadow-md" disabled={!chosen} onClick={start}>
          {chosen ? t`Start drawing` : t`Choose a dragon to start`}
        </Button>
      </div>
    </div>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li>
      <Card className="p-5 sm:p-6">
        <h2 className="flex items-center gap-3 text-xl font-bold">
          <span
            className="grid size-9 shrink-0 place-items-center rounded-full bg-ink text-base text-paper"
            aria-hidden
          >
            {number}
          </span>
          {title}
        </h2>
        <div className="mt-3 text-ink">{children}</div>
      </Card>
    </li>
  );
}

function Need({ icon, name }: { icon: ReactNode; name: string }) {
  return (
    <li className="flex min-h-11 items-center gap-2 rounded-xl bg-paper-deep px-3 py-2 font-semibold">
      {icon}
      {name}
    </li>
  );
}
