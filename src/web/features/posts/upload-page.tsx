import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { checkUpload } from "../../lib/check-upload";
import { Link, useLocation, useSearch } from "wouter";
import { ArrowLeft, ImagePlus, X } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/errors";
import { callApi } from "../../lib/api-client";
import { handleUnauthorized, isUnauthorizedError } from "../../lib/unauthorized";
import { POST_DESCRIPTION_MAX, POST_IMAGES_MAX } from "../../../shared/posts";
import { characterCount, upToCharacters } from "../../../shared/text";
import { UPLOAD_MAX_BYTES } from "../../../shared/uploads";
import { useDragons } from "../../lib/dragons";
import { usePictures } from "../../lib/pictures";
import type { Dragon } from "../../../shared/dragons/responses";
import { useAuth } from "../../lib/auth";
import type { UploadedFile } from "../../components/uploads/uppy-uploader";
import { refreshFeed } from "./api";
import { useScreenPageMeta } from "../../lib/use-screen-page-meta";

// The upload widget loads when the learner first adds photos.
const UppyUploader = lazy(() =>
  import("../../components/uploads/uppy-uploader").then((m) => ({ default: m.UppyUploader })),
);

interface Photo {
  objectPath: string;
  name: string;
  /** A local object URL of the picked file, so the thumbnail costs no download. */
  preview: string | null;
}

/** Have each uploaded photo checked (set-acl), kept private (a post publishes cleaned copies); one that fails is logged and skipped (docs/spec.md §8). */
async function checkPhotos(files: UploadedFile[]): Promise<Photo[]> {
  const shared: Photo[] = [];
  for (const file of files) {
    try {
      const objectPath = await checkUpload(file.objectPath, "private");
      shared.push({ objectPath, name: file.name, preview: file.data ? URL.createObjectURL(file.data) : null });
    } catch (error) {
      if (isUnauthorizedError(error)) {
        handleUnauthorized();
        break;
      }
      console.error(`Skipping ${file.name}: its permissions could not be set`, error);
    }
  }
  return shared;
}

const dragonOptions = (list: readonly Dragon[] | undefined) =>
  list?.map((dragon) => (
    <option key={dragon.id} value={dragon.id}>
      {dragon.name}
    </option>
  ));

/** /upload (signed in only): share a photo of a finished drawing; it waits for an admin's review. */
export function UploadPage() {
  useScreenPageMeta("/upload");
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const preselected = new URLSearchParams(useSearch()).get("dragon") ?? "";
  const dragons = useDragons();
  // A drawing of one's own picture (decision 031) is shared like any other; the feed names no picture.
  const { user } = useAuth();
  const pictures = usePictures(user?.id);
  const [dragonId, setDragonId] = useState(preselected);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [description, setDescription] = useState("");
  const [picking, setPicking] = useState(false);
  // How many photos the open dialog takes: fixed while it is open, so that photos added meanwhile do not reset it.
  const [pickLimit, setPickLimit] = useState(0);
  const [sharing, setSharing] = useState(false);
  // The running batch's progress in percent (null when none runs): it carries on if the dialog is closed.
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const selectId = useId();
  const descriptionId = useId();
  const counterId = useId();
  const waitId = useId();

  // Local previews are released when a photo is removed or the page goes away.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const made = previews.current;
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const knownDragon = [...(dragons.data ?? []), ...(pictures.data ?? [])].some((dragon) => dragon.id === dragonId);
  const ready = knownDragon && photos.length > 0;

  const onUploaded = async (files: UploadedFile[], allDone: boolean) => {
    // With a failed photo in the batch the dialog stays open, showing it, until it is closed.
    if (allDone) setPicking(false);
    setSharing(true);
    const shared = await checkPhotos(files);
    shared.forEach((photo) => photo.preview && previews.current.add(photo.preview));
    setPhotos((current) => [...current, ...shared].slice(0, POST_IMAGES_MAX));
    setSharing(false);
  };

  const removePhoto = (removed: Photo) => {
    setPhotos((current) => current.filter((photo) => photo.objectPath !== removed.objectPath));
    if (removed.preview) {
      URL.revokeObjectURL(removed.preview);
      previews.current.delete(removed.preview);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) {
      toast({
        title: t`Error`,
        description: t`Please select a dragon and upload at least one image`,
        variant: "destructive",
      });
      return;
    }
    setSubmitting(true);
    try {
      await callApi("POST /api/posts", {
        body: { dragonId, description: description.trim(), images: photos.map((photo) => photo.objectPath) },
      });
      toast({ title: t`Success`, description: t`Your drawing has been submitted for review!` });
      await refreshFeed();
      navigate("/feed");
    } catch (error) {
      if (isUnauthorizedError(error)) handleUnauthorized();
      else
        toast({
          title: t`Error`,
          description: serverMessage(error) ?? t`Failed to upload drawing`,
          variant: "destructive",
        });
    } finally {
      setSubmitting(false);
    }
  };

  const remaining = POST_IMAGES_MAX - photos.length;
  const uploading = uploadProgress !== null;
  // Why Submit waits, said beside it rather than only by a greyed-out button.
  const percent = uploading ? i18n.number(uploadProgress / 100, { style: "percent", maximumFractionDigits: 0 }) : "";
  const waitReason = uploading
    ? t`Uploading your photos (${percent}). Submit for Review opens when they are done.`
    : sharing
      ? t`Preparing your photos...`
      : null;
  const photoCount = photos.length;
  const photoMax = POST_IMAGES_MAX;
  const openPicker = () => {
    setPickLimit(remaining);
    setPicking(true);
  };
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 md:py-12">
      <Link
        href="/feed"
        className="inline-flex min-h-11 items-center gap-2 rounded-full pe-3 font-semibold text-ink-soft hover:text-ink"
      >
        <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden /> <Trans>Back to Feed</Trans>
      </Link>
      <h1 className="mt-2 text-4xl font-bold">
        <Trans>Upload Your Drawing</Trans>
      </h1>
      <p className="mt-1 text-ink-soft">
        <Trans>
          Share a photo of your finished dragon. An admin looks at every drawing before it appears in the feed.
        </Trans>
      </p>

      <Card className="mt-6 p-5 sm:p-7">
        <form onSubmit={(e) => void submit(e)} className="grid gap-6">
          <div className="grid gap-1.5">
            <label htmlFor={selectId} className="text-sm font-semibold">
              <Trans>Which dragon did you draw?</Trans>
            </label>
            <select
              id={selectId}
              value={knownDragon || dragons.isPending ? dragonId : ""}
              onChange={(e) => setDragonId(e.target.value)}
              disabled={submitting}
              className="min-h-11 w-full rounded-xl border border-line bg-white px-3 text-base focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
            >
              <option value="">{dragons.isPending ? t`Loading dragons...` : t`Select a dragon...`}</option>
              {pictures.data?.length ? (
                <>
                  <optgroup label={t`My pictures`}>{dragonOptions(pictures.data)}</optgroup>
                  <optgroup label={t`Dragon Library`}>{dragonOptions(dragons.data)}</optgroup>
                </>
              ) : (
                dragonOptions(dragons.data)
              )}
            </select>
          </div>

          <div className="grid gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span className="text-sm font-semibold">
                <Trans>Photos</Trans>
              </span>
              <Button
                variant="secondary"
                onClick={openPicker}
                disabled={remaining === 0 || uploading || sharing || submitting}
              >
                <ImagePlus className="h-4 w-4" aria-hidden />{" "}
                <Trans>
                  Add Photos ({photoCount}/{photoMax})
                </Trans>
              </Button>
            </div>
            {photos.length > 0 ? (
              <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5" aria-label={t`Photos to submit`}>
                {photos.map((photo, index) => {
                  const number = index + 1;
                  const fileName = photo.name;
                  return (
                    <li key={photo.objectPath} className="relative">
                      <img
                        src={photo.preview ?? photo.objectPath}
                        alt={t`Photo ${number}: ${fileName}`}
                        width={120}
                        height={120}
                        className="aspect-square w-full rounded-xl border border-line object-cover"
                      />
                      <button
                        type="button"
                        onClick={() => removePhoto(photo)}
                        aria-label={t`Remove photo ${number}`}
                        disabled={submitting}
                        className="absolute -end-2 -top-2 flex h-11 w-11 items-center justify-center"
                      >
                        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-ink text-white shadow">
                          <X className="h-4 w-4" aria-hidden />
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-ink-soft">
                {sharing
                  ? t`Preparing your photos...`
                  : t({
                      message: plural(photoMax, {
                        one: "Add up to # photo of your drawing (up to 50 MB each), from your device or your camera.",
                        other:
                          "Add up to # photos of your drawing (up to 50 MB each), from your device or your camera.",
                      }),
                    })}
              </p>
            )}
          </div>

          <div className="grid gap-1.5">
            <div className="flex items-baseline justify-between">
              <label htmlFor={descriptionId} className="text-sm font-semibold">
                <Trans>
                  Description <span className="font-normal text-ink-soft">(optional)</span>
                </Trans>
              </label>
              <span id={counterId} className="text-xs text-ink-soft" aria-live="polite">
                {characterCount(description)}/{POST_DESCRIPTION_MAX}
              </span>
            </div>
            <textarea
              id={descriptionId}
              aria-describedby={counterId}
              value={description}
              onChange={(e) => setDescription(upToCharacters(e.target.value, POST_DESCRIPTION_MAX))}
              rows={4}
              disabled={submitting}
              placeholder={t`How did it go? Which square was the trickiest?`}
              dir="auto"
              className="w-full rounded-xl border border-line bg-white px-3.5 py-2.5 text-base focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
            />
          </div>

          <div className="grid gap-2 sm:justify-items-end">
            {waitReason && (
              <p id={waitId} role="status" className="grid gap-1.5 text-sm text-ink-soft sm:text-end">
                {waitReason}
                {uploading && (
                  <span className="h-1.5 w-full overflow-hidden rounded-full bg-paper-deep sm:w-64" aria-hidden>
                    <span className="block h-full bg-accent" style={{ width: `${uploadProgress}%` }} />
                  </span>
                )}
              </p>
            )}
            <Button
              type="submit"
              disabled={!ready || submitting || sharing || uploading}
              aria-describedby={waitReason ? waitId : undefined}
              className="w-full sm:w-auto"
            >
              {submitting ? <Trans>Submitting...</Trans> : <Trans>Submit for Review</Trans>}
            </Button>
          </div>
        </form>
      </Card>

      {picking && (
        <Suspense fallback={null}>
          <UppyUploader
            title={t`Add photos of your drawing`}
            autoProceed
            onProgress={setUploadProgress}
            maxNumberOfFiles={pickLimit}
            maxFileSize={UPLOAD_MAX_BYTES}
            note={t`Photos of your drawing, up to 50 MB each (${pickLimit} more)`}
            onUploaded={(files, allDone) => void onUploaded(files, allDone)}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
