import { msg } from "@lingui/core/macro";
import { toast, toastShown } from "../components/ui/use-toast";
import { storeReturnUrl } from "./return-url";
import { splitLocalePath } from "../../shared/i18n/locales";

/** docs/spec.md §8: the unauthorized case is an error whose message reads '401: ...Unauthorized'. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/**
 * The spec's answer to a lost session during a save, upload, like or comment: say so, then after
 * 500 ms go to /api/login; the current page is remembered so signing in brings the user back.
 * The words are messages the toast region says in the page's language.
 */
export function handleUnauthorized(): void {
  const { id } = toast({
    title: msg`Unauthorized`,
    description: msg`You are logged out. Logging in again...`,
    variant: "destructive",
  });
  // The page's route, without its language's prefix: sign-in sends people back within their language.
  storeReturnUrl(splitLocalePath(window.location.pathname).path + window.location.search);
  // The 500 ms count from when the toast shows: a page that had shown none yet loads the toast
  // region first, and would otherwise leave before saying why.
  void toastShown(id).then(() =>
    setTimeout(() => {
      window.location.href = "/api/login";
    }, 500),
  );
}
