import { Link } from "wouter";

/** The wordmark: a small squared tile and the product name, linking home. */
export function Logo() {
  return (
    <Link
      href="/"
      className="inline-flex min-h-11 items-center gap-2 rounded-lg font-display text-lg font-bold text-ink"
    >
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" className="shrink-0">
        <rect x="2" y="2" width="20" height="20" rx="4" fill="#fff" stroke="currentColor" strokeWidth="1.6" />
        <path d="M8.7 2v20M15.3 2v20M2 8.7h20M2 15.3h20" stroke="currentColor" strokeWidth="1" opacity="0.45" />
        <rect x="8.7" y="8.7" width="6.6" height="6.6" fill="var(--color-accent)" opacity="0.9" />
      </svg>
      {/* eslint-disable-next-line lingui/no-unlocalized-strings -- the product's name is not translated */}
      <span className="whitespace-nowrap">Dragon Grid</span>
    </Link>
  );
}
