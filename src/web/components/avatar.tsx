import { UserRound } from "lucide-react";

/** A round profile picture, or a drawn placeholder when there is none. */
export function Avatar({ src, size = 40 }: { src: string | null | undefined; size?: number }) {
  const style = { width: size, height: size };
  if (src)
    return (
      <img
        src={src}
        alt=""
        style={style}
        className="shrink-0 rounded-full border border-line object-cover"
        referrerPolicy="no-referrer"
      />
    );
  return (
    <span
      style={style}
      className="flex shrink-0 items-center justify-center rounded-full border border-line bg-paper-deep text-ink-soft"
      aria-hidden
    >
      <UserRound style={{ width: size * 0.55, height: size * 0.55 }} />
    </span>
  );
}
