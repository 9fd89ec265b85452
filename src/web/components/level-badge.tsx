import { Trans } from "@lingui/react/macro";
import { TEMPLATE_LEVELS } from "../../shared/dragons/levels";

/**
 * A template's level (decision 072) as words and five marks, the first `level` filled: read as
 * "Level 2", seen at a glance as two of five; in the top corner of the picture it is on (a card's,
 * the dragon page's). Nothing while the level is still being measured.
 */
export default function LevelBadge({ level }: { level: number | null }) {
  if (level === null) return null;
  return (
    <span className="absolute start-2 top-2 inline-flex items-center gap-1.5 rounded-full border border-line bg-white px-2.5 py-1 text-xs font-semibold text-ink">
      <Trans>Level {level}</Trans>
      <span className="flex gap-0.5" aria-hidden>
        {TEMPLATE_LEVELS.map((mark) => (
          <span key={mark} className={`h-1.5 w-1.5 rounded-full ${mark <= level ? "bg-accent" : "bg-line"}`} />
        ))}
      </span>
    </span>
  );
}
