import { Link } from "wouter";
import type { Dragon } from "../../shared/dragons/responses";
import LevelBadge from "./level-badge";

/**
 * One template in the library grid: the preview sized for the card (srcset), with width and
 * height set so nothing shifts, and its name. Where the pointer can hover, the name is the spec's
 * label over the picture, shown on hover and focus; on touch screens, which cannot hover, it sits
 * under the picture in full, wrapping (decision 052). Its level sits in the top corner (decision 072).
 */
export function DragonCard({ dragon, eager }: { dragon: Dragon; eager: boolean }) {
  const srcSet = dragon.previewSmallUrl ? `${dragon.previewSmallUrl} 400w, ${dragon.previewUrl} 800w` : undefined;
  return (
    <Link
      href={`/dragon/${dragon.id}`}
      className="group relative flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
    >
      <div className="aspect-square bg-white p-3">
        <img
          src={dragon.previewSmallUrl ?? dragon.previewUrl}
          srcSet={srcSet}
          sizes="(min-width: 1024px) 260px, (min-width: 768px) 33vw, 50vw"
          width={400}
          height={400}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          alt={dragon.name}
          className="h-full w-full object-contain"
        />
      </div>
      <span className="-mt-1 block px-3 pb-3 text-center text-sm leading-snug font-semibold break-words text-ink hoverable:absolute hoverable:inset-x-2 hoverable:bottom-2 hoverable:mt-0 hoverable:rounded-xl hoverable:bg-ink/80 hoverable:py-2 hoverable:text-white hoverable:opacity-0 hoverable:transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
        {dragon.name}
      </span>
      <LevelBadge level={dragon.level} />
    </Link>
  );
}

/** Templates as the library lays them out: 2 columns on small screens, 3 on medium, 4 on large; the first `eager` load at once. */
export function DragonGrid({ dragons, eager = 0 }: { dragons: Dragon[]; eager?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
      {dragons.map((dragon, index) => (
        <li key={dragon.id}>
          <DragonCard dragon={dragon} eager={index < eager} />
        </li>
      ))}
    </ul>
  );
}
