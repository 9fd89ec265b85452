import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import { buttonClass } from "./ui/button";

/** A dragon id that leads nowhere (the dragon page and the canvas). */
export function DragonNotFound() {
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">
        <Trans>Dragon Not Found</Trans>
      </h1>
      <p className="mt-3 text-ink-soft">
        <Trans>This dragon may have flown away, or the link is mistyped.</Trans>
      </p>
      <Link href="/home" className={buttonClass("primary", "mt-8")}>
        <Trans>Back to Library</Trans>
      </Link>
    </div>
  );
}
