import type { ReactNode } from "react";
import { Link } from "wouter";
import { ImagePlus } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { buttonClass } from "./ui/button";
import { useAuth } from "../lib/auth";
import { storeReturnUrl } from "../lib/return-url";

/**
 * 'Share your drawing': the upload page with this dragon chosen. Visitors go to sign in first and
 * come back to that page afterwards.
 */
export function ShareDrawingLink({
  dragonId,
  className = "",
  children,
}: {
  dragonId: string;
  className?: string;
  /** Its own icon and label, in place of the usual ones (the canvas's toolbar). */
  children?: ReactNode;
}) {
  const { isAuthenticated } = useAuth();
  const uploadPath = `/upload?dragon=${encodeURIComponent(dragonId)}`;
  return (
    <Link
      href={isAuthenticated ? uploadPath : "/login"}
      onClick={() => !isAuthenticated && storeReturnUrl(uploadPath)}
      className={buttonClass("secondary", className)}
    >
      {children ?? (
        <>
          <ImagePlus className="h-4 w-4" aria-hidden /> <Trans>Share your drawing</Trans>
        </>
      )}
    </Link>
  );
}
