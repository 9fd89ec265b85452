import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import { buttonClass } from "./ui/button";
import { usePageMeta } from "../lib/page-meta";
import { notFoundMetaIn } from "../../shared/page-meta";
import { useTranslateMessage } from "../lib/use-static-page-meta";

/** Any path that is not a screen of the app. */
export function NotFoundPage() {
  usePageMeta(notFoundMetaIn(useTranslateMessage()));
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center">
      <p aria-hidden className="font-display text-7xl font-bold text-accent/80">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">
        <Trans>404 Page Not Found</Trans>
      </h1>
      <p className="mt-3 text-ink-soft">
        <Trans>This square of the grid is empty. The page may have moved, or the link may be mistyped.</Trans>
      </p>
      <Link href="/" className={buttonClass("primary", "mt-8")}>
        <Trans>Back to the start</Trans>
      </Link>
    </div>
  );
}
