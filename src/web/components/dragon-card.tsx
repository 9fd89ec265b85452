import { Link } from "wouter";
import type { Dragon } from "../../shared/dragons/responses";

/**
 * One template in the library grid: the preview sized for the card (srcset), with width and
 * height set so nothing shifts, and the name shown on hover and focus (always, on touch screens).
 */
export function DragonCard({ dragon, eager }: { dragon: Dragon; eager: boolean }) {
  const srcSet = dragon.previewSmallUrl ? `${dragon.previewSmallUrl} 400w, ${dragon.previewUrl} 800w` : undefined;
  return (
    <Link
      href={`/dragon/${dragon.id}`}
      className="group relative block overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
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
      <span className="absolute inset-x-2 bottom-2 truncate rounded-xl bg-ink/80 px-3 py-2 text-center text-sm font-semibold text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 [@media(hover:none)]:opacity-100">
        {dragon.name}
      </span>
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
