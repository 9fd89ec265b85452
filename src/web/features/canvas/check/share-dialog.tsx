import { useId, useState } from "react";
import { Check, ImageDown, Share2 } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/use-toast";
import { serverMessage } from "../../../lib/errors";
import { handleUnauthorized, isUnauthorizedError } from "../../../lib/unauthorized";
import { DESCRIPTION_MAX, sharePhotoToFeed, uploadPhoto } from "./photo-upload";

/** 'Share to the feed': the straightened photo as a post of this dragon, with a description; it waits for review. */
export function ShareToFeed({
  photo,
  dragonId,
}: {
  photo: ImageBitmap | (() => Promise<ImageBitmap>);
  dragonId: string;
}) {
  const { t } = useLingui();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState("");
  const [sharing, setSharing] = useState(false);

  const share = async () => {
    setSharing(true);
    try {
      await sharePhotoToFeed(typeof photo === "function" ? await photo() : photo, dragonId, description.trim());
      setOpen(false);
      setDescription("");
      toast({ title: t`Success`, description: t`Your drawing has been submitted for review!` });
    } catch (error) {
      if (isUnauthorizedError(error)) handleUnauthorized();
      else
        toast({
          title: t`Error`,
          description: serverMessage(error) ?? t`Failed to upload drawing`,
          variant: "destructive",
        });
    } finally {
      setSharing(false);
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Share2 className="h-4 w-4" aria-hidden /> <Trans>Share to the feed</Trans>
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !sharing && setOpen(next)}
        title={t`Share to the feed`}
        description={t`Your straightened photo, as a post of this dragon. An admin reviews it before others see it.`}
      >
        <label htmlFor={`${id}-description`} className="text-sm font-semibold text-ink">
          <Trans>Description</Trans>
        </label>
        <textarea
          id={`${id}-description`}
          value={description}
          maxLength={DESCRIPTION_MAX}
          rows={3}
          onChange={(e) => setDescription(e.target.value)}
          className="mt-1.5 w-full rounded-xl border border-line bg-white px-3 py-2 text-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent"
          placeholder={t`How did it go?`}
        />
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={sharing}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={() => void share()} disabled={sharing}>
            {sharing ? t`Sharing...` : t`Share`}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

/**
 * 'Keep this photo': the straightened photo kept with the check (only its owner sees it; a check
 * otherwise keeps the verdicts alone).
 */
export function KeepPhoto({ photo, onKeep }: { photo: ImageBitmap; onKeep: (objectPath: string) => Promise<void> }) {
  const { t } = useLingui();
  const [state, setState] = useState<"idle" | "keeping" | "kept">("idle");
  const keep = async () => {
    setState("keeping");
    try {
      await onKeep(await uploadPhoto(photo));
      setState("kept");
    } catch (error) {
      setState("idle");
      if (isUnauthorizedError(error)) handleUnauthorized();
      else
        toast({
          title: t`Error`,
          description: serverMessage(error) ?? t`The photo could not be kept. Please try again.`,
          variant: "destructive",
        });
    }
  };
  if (state === "kept") {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-ink">
        <Check className="h-4 w-4 text-[#15803d]" aria-hidden />{" "}
        <Trans>Photo kept with this check. Only you can see it.</Trans>
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-ink-soft">
      <Button variant="ghost" onClick={() => void keep()} disabled={state === "keeping"}>
        <ImageDown className="h-4 w-4" aria-hidden /> {state === "keeping" ? t`Keeping...` : t`Keep this photo`}
      </Button>
      <Trans>A check keeps its verdicts only, unless you keep the photo too.</Trans>
    </div>
  );
}

/** A photo kept with an earlier check, shared to the feed the same way (read back from its owner-only address). */
export default function ShareKeptPhoto({ photoUrl, dragonId }: { photoUrl: string; dragonId: string }) {
  const { t } = useLingui();
  const read = async () => {
    const res = await fetch(photoUrl);
    // Shown in the failure's toast (serverMessage reads "{status}: {text}").
    if (!res.ok) throw new Error(`${res.status}: ${t`The kept photo could not be read`}`);
    return createImageBitmap(await res.blob());
  };
  return <ShareToFeed photo={read} dragonId={dragonId} />;
}
