import { Trans } from "@lingui/react/macro";
import { TEMPLATE_LEVELS } from "../../shared/dragons/levels";

/**
 * A template's level (decision 072) as words and five marks, the first `level` filled: read as
 * "Level 2", seen at a glance as two of five. Nothing while the level is still being measured.
 */
export function LevelBadge({ level, className = "" }: { level: number | null; className?: string }) {
  if (level === null) return null;
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border border-line bg-white px-2.5 py-1 text-xs font-semibold text-ink ${className}`}
    >
      <Trans>Level {level}</Trans>
      <span className="flex gap-0.5" aria-hidden>
        {TEMPLATE_LEVELS.map((mark) => (
          <span key={mark} className={`h-1.5 w-1.5 rounded-full ${mark <= level ? "bg-accent" : "bg-line"}`} />
        ))}
      </span>
    </span>
  );
}
