import { Link, useLocation } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { NAV_ITEMS, isCurrent } from "./nav-items";

/** Small screens: the four sections as a thumb-friendly bar fixed to the bottom. */
export function BottomBar() {
  const [location] = useLocation();
  const { t, i18n } = useLingui();
  return (
    <nav
      aria-label={t`Sections`}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto grid max-w-md grid-cols-4">
        {NAV_ITEMS.map((item) => {
          const current = isCurrent(item, location);
          const Icon = item.icon;
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? "page" : undefined}
                className={`flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 text-center text-xs font-semibold ${current ? "text-accent" : "text-ink-soft"}`}
              >
                <Icon className="h-5 w-5" aria-hidden strokeWidth={current ? 2.4 : 1.8} />
                {i18n._(item.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
