import { Link, useLocation } from "wouter";
import type { LucideIcon } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { buttonClass } from "./ui/button";
import { Card } from "./ui/card";
import { storeReturnUrl } from "../lib/return-url";

/** What visitors see in place of members-only content: what it is, and the way in. */
export function SignUpTeaser({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: React.ReactNode;
}) {
  const [location] = useLocation();
  return (
    <div className="mx-auto max-w-lg px-4 py-12 sm:py-20">
      <Card className="p-8 text-center">
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-accent-soft text-accent">
          <Icon className="h-8 w-8" aria-hidden />
        </span>
        <h1 className="mt-5 text-3xl font-bold">{title}</h1>
        <div className="mt-3 text-ink-soft">{children}</div>
        <div className="mt-8 grid gap-3">
          {/* After signing up and in, come back here. */}
          <Link
            href="/login?tab=register"
            onClick={() => storeReturnUrl(location)}
            className={buttonClass("primary", "w-full")}
          >
            <Trans>Sign Up Free - No Risk!</Trans>
          </Link>
          <Link href="/home" className={buttonClass("secondary", "w-full")}>
            <Trans>Back to Home</Trans>
          </Link>
        </div>
      </Card>
    </div>
  );
}
