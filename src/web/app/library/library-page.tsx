import { lazy, Suspense, useCallback, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Spinner } from "../../components/ui/spinner";
import { useAuth } from "../../lib/auth";
import { useDragons } from "../../lib/dragons";
import { LibraryButtons } from "../../features/dragons/library-buttons";
import { withMembersMessages } from "../../lib/i18n";
import { useStaticPageMeta } from "../../lib/use-static-page-meta";

// The upload and AI tools (with the upload widget) load only for admins and Pro members.
const AdminLibraryTools = lazy(
  withMembersMessages(() =>
    import("../../features/dragons/admin-library-tools").then((m) => ({ default: m.AdminLibraryTools })),
  ),
);
// A member's own pictures (decision 031): their code loads only once someone is known to be signed in.
const MyPictures = lazy(
  withMembersMessages(() => import("../../features/pictures/my-pictures").then((m) => ({ default: m.MyPictures }))),
);
// 'Your drawings' reads this browser or the member's progress once the page is up (decision 050).
const YourDrawings = lazy(() => import("./your-drawings").then((m) => ({ default: m.YourDrawings })));
// 'Start here' and the templates, with their level controls (decision 072), load after the page;
// the server renders them (it waits for every lazy part), and their HTML stands until their code
// is here.
const LibraryShelf = lazy(() => import("./library-shelf").then((m) => ({ default: m.LibraryShelf })));
const FinishedDrawingWatch = lazy(() => import("./your-drawings").then((m) => ({ default: m.FinishedDrawingWatch })));
// The dialog (and Radix Dialog with it) loads when first opened, not with the library.
const ProWaitlistDialog = lazy(
  withMembersMessages(() =>
    import("../../features/waitlist/pro-waitlist-dialog").then((m) => ({ default: m.ProWaitlistDialog })),
  ),
);

/** /home: the template library. */
export function LibraryPage() {
  useStaticPageMeta("/home");
  const { user, isAdmin, isPro, isLoading: accountLoading } = useAuth();
  const dragons = useDragons();
  const { t } = useLingui();
  const [waitlistOpen, setWaitlistOpen] = useState(false);
  const [waitlistLoaded, setWaitlistLoaded] = useState(false);
  // Until a finished drawing is known of, 'Start here' shows (as the server rendered it).
  const [finishedOne, setFinishedOne] = useState(false);
  const onFinished = useCallback(() => setFinishedOne(true), []);
  const openWaitlist = () => {
    setWaitlistLoaded(true);
    setWaitlistOpen(true);
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-12">
      <div className="flex flex-col gap-5 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-4xl font-bold sm:text-5xl">
            <Trans>Dragon Library</Trans>
          </h1>
          <p className="mt-2 text-lg text-ink-soft">
            <Trans>Select a dragon to start your drawing journey</Trans>
          </p>
        </div>
        {/* Admins get the real upload and AI tools for the library, Pro members for their own
            pictures; everyone else hears about Pro. Until the account is known the buttons only
            hold their place, so an admin's early click cannot land in the waitlist. */}
        {accountLoading ? (
          <LibraryButtons placeholder />
        ) : isAdmin || isPro ? (
          <Suspense fallback={<LibraryButtons placeholder />}>
            <AdminLibraryTools target={isAdmin ? "library" : "pictures"} />
          </Suspense>
        ) : (
          <LibraryButtons onUpload={openWaitlist} onCreate={openWaitlist} />
        )}
      </div>

      <Suspense fallback={null}>
        <YourDrawings />
      </Suspense>

      {user && (
        <Suspense fallback={null}>
          <MyPictures userId={user.id} isPro={isPro && !isAdmin} />
        </Suspense>
      )}

      <Suspense fallback={null}>
        <FinishedDrawingWatch onFinished={onFinished} />
      </Suspense>
      <div className="mt-8">
        {dragons.isLoading ? (
          <Spinner label={t`Loading dragons`} />
        ) : dragons.isError ? (
          <p role="alert" className="rounded-2xl border border-line bg-white p-6 text-center text-ink-soft">
            <Trans>The dragons could not be loaded. Please check your connection and reload the page.</Trans>
          </p>
        ) : dragons.data && dragons.data.length > 0 ? (
          <Suspense fallback={null}>
            <LibraryShelf dragons={dragons.data} finishedOne={finishedOne} />
          </Suspense>
        ) : (
          <div className="rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 p-10 text-center">
            <h2 className="text-2xl font-bold">
              <Trans>No Dragons Yet</Trans>
            </h2>
            <p className="mt-2 text-ink-soft">
              {isAdmin ? (
                <Trans>Upload your first dragon template to get started</Trans>
              ) : (
                <Trans>Dragons will appear here soon</Trans>
              )}
            </p>
          </div>
        )}
      </div>
      {waitlistLoaded && (
        <Suspense fallback={null}>
          <ProWaitlistDialog open={waitlistOpen} onOpenChange={setWaitlistOpen} />
        </Suspense>
      )}
    </div>
  );
}
