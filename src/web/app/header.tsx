import { Link, useLocation } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { Logo } from "./logo";
import { NAV_ITEMS, isCurrent } from "./nav-items";
import { AccountControl } from "./account-control";
import { LanguagePicker } from "./language-picker";

/** Top bar: logo, the section links on desktop, the language and the account control. */
export function Header() {
  const [location] = useLocation();
  const { t, i18n } = useLingui();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-paper/90 backdrop-blur supports-[backdrop-filter]:bg-paper/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <Logo />
        <nav aria-label={t`Main`} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => {
              const current = isCurrent(item, location);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={current ? "page" : undefined}
                    className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold tracking-wide transition-colors ${
                      current ? "bg-accent-soft text-accent-strong" : "text-ink-soft hover:bg-paper-deep hover:text-ink"
                    }`}
                  >
                    {i18n._(item.label).toLocaleUpperCase(i18n.locale)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <LanguagePicker />
          <AccountControl />
        </div>
      </div>
    </header>
  );
}
