import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { useMutation } from "@tanstack/react-query";
import { Download, Lock, Pencil, Trash2 } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, buttonClass } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Dialog } from "../../components/ui/dialog";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/use-toast";
import { queryClient } from "../../lib/query-client";
import { refreshQueries } from "../../lib/refresh-queries";
import { apiQueryKey, callApi } from "../../lib/api-client";
import { serverMessage } from "../../lib/errors";
import { PICTURES_KEY } from "../../lib/pictures";
import { OWN_PICTURES_CACHE } from "../../lib/public-answer";
import type { DragonVersion } from "../../../shared/dragons";
import type { Dragon } from "../../../shared/dragons/responses";

/** The hi-res file of the version shown, asked for as an attachment under the picture's name. */
export function downloadUrl(picture: Dragon, version: DragonVersion): string {
  const pencil = version === "pencil" && picture.pencilHiresUrl;
  const url = pencil ? picture.pencilHiresUrl! : picture.hiresUrl;
  return `${url}?download=${encodeURIComponent(`${picture.name}${pencil ? " pencil" : ""}.png`)}`;
}

const DELETE_WORDS = {
  title: msg`Delete picture?`,
  description: msg`Your picture, its pencil version and the progress you saved on it will be deleted, with its files. This cannot be undone.`,
  action: msg`Delete`,
  pendingAction: msg`Deleting...`,
};

/** Drop what the service worker kept of a deleted picture for offline use (its answer and files name its id). */
async function forgetOffline(id: string): Promise<void> {
  try {
    const cache = await caches.open(OWN_PICTURES_CACHE);
    await Promise.all(
      (await cache.keys()).filter((request) => request.url.includes(id)).map((request) => cache.delete(request)),
    );
  } catch {
    // No Cache Storage here (a private window may refuse it): nothing was kept.
  }
}

/**
 * On the page of a member's own picture (decision 031): that only they see it, and Rename,
 * Download and Delete, which are theirs whether or not they still have Pro.
 */
export function PictureOwnerActions({ picture, version }: { picture: Dragon; version: DragonVersion }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(picture.name);
  const [confirming, setConfirming] = useState(false);

  const dragonKey = apiQueryKey("GET /api/dragons/:id", { params: { id: picture.id } });

  const rename = useMutation({
    mutationFn: (newName: string) =>
      callApi("PUT /api/pictures/:id", { params: { id: picture.id }, body: { name: newName } }),
    onSuccess: async (renamed) => {
      queryClient.setQueryData(dragonKey, renamed);
      setRenaming(false);
      const newName = renamed.name;
      toast({ title: t`Renamed`, description: t`Your picture is now called ${newName}.` });
      await refreshQueries({ queryKey: PICTURES_KEY });
    },
    onError: (error) =>
      toast({
        title: t`Error`,
        description: serverMessage(error) ?? t`Failed to rename picture`,
        variant: "destructive",
      }),
  });

  const remove = useMutation({
    mutationFn: () => callApi("DELETE /api/pictures/:id", { params: { id: picture.id } }),
    onSuccess: async () => {
      setConfirming(false);
      toast({ title: t`Deleted`, description: t`Your picture was deleted.` });
      queryClient.removeQueries({ queryKey: dragonKey });
      void forgetOffline(picture.id);
      await refreshQueries({ queryKey: PICTURES_KEY });
      navigate("/home");
    },
    onError: (error) =>
      toast({
        title: t`Error`,
        description: serverMessage(error) ?? t`Failed to delete picture`,
        variant: "destructive",
      }),
  });

  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      toast({ title: t`Error`, description: t`Please enter a name for your picture`, variant: "destructive" });
      return;
    }
    rename.mutate(name.trim());
  };

  return (
    <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:flex-wrap sm:items-center">
      <p className="inline-flex min-h-11 w-fit items-center gap-1.5 rounded-full bg-accent-soft px-4 text-sm font-semibold text-accent-strong">
        <Lock className="h-4 w-4" aria-hidden /> <Trans>Only you can see this picture</Trans>
      </p>
      {/* On a phone the three share one row. */}
      <div className="grid grid-cols-3 gap-2 sm:flex">
        <Button
          variant="secondary"
          className="max-sm:gap-1.5 max-sm:px-2"
          onClick={() => {
            setName(picture.name);
            setRenaming(true);
          }}
        >
          <Pencil className="h-4 w-4 shrink-0" aria-hidden /> <Trans>Rename</Trans>
        </Button>
        {/* A plain link: the server sends the file as an attachment under this name, with the owner's cookie. */}
        <a
          href={downloadUrl(picture, version)}
          download
          className={buttonClass("secondary", "max-sm:gap-1.5 max-sm:px-2")}
        >
          <Download className="h-4 w-4 shrink-0" aria-hidden /> <Trans>Download</Trans>
        </a>
        <Button variant="danger" className="max-sm:gap-1.5 max-sm:px-2" onClick={() => setConfirming(true)}>
          <Trash2 className="h-4 w-4 shrink-0" aria-hidden /> <Trans>Delete</Trans>
        </Button>
      </div>

      <Dialog open={renaming} onOpenChange={(open) => !rename.isPending && setRenaming(open)} title={t`Rename picture`}>
        <form onSubmit={submitRename} className="grid gap-4">
          <TextField
            label={t`Picture name`}
            name="picture-name"
            autoComplete="off"
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={rename.isPending}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setRenaming(false)} disabled={rename.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={rename.isPending || !name.trim()}>
              {rename.isPending ? t`Saving...` : t`Save`}
            </Button>
          </div>
        </form>
      </Dialog>

      <ConfirmDialog
        title={i18n._(DELETE_WORDS.title)}
        description={i18n._(DELETE_WORDS.description)}
        action={i18n._(DELETE_WORDS.action)}
        pendingAction={i18n._(DELETE_WORDS.pendingAction)}
        open={confirming}
        onOpenChange={setConfirming}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}
