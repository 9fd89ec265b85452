import { Link } from "wouter";
import { ImagePlus } from "lucide-react";
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
  compact = false,
}: {
  dragonId: string;
  className?: string;
  compact?: boolean;
}) {
  const { isAuthenticated } = useAuth();
  const uploadPath = `/upload?dragon=${encodeURIComponent(dragonId)}`;
  return (
    <Link
      href={isAuthenticated ? uploadPath : "/login"}
      onClick={() => !isAuthenticated && storeReturnUrl(uploadPath)}
      className={buttonClass("secondary", className)}
    >
      <ImagePlus className="h-4 w-4" aria-hidden />{" "}
      <span className={compact ? "sr-only lg:not-sr-only" : ""}>Share your drawing</span>
    </Link>
  );
}
