import { useState } from "react";
import { useLocation } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { Download, Trash2 } from "lucide-react";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { toast } from "../../components/ui/use-toast";
import { queryClient } from "../../lib/query-client";
import { refreshQueries } from "../../lib/refresh-queries";
import { callApi } from "../../lib/api-client";
import type { DragonVersion } from "../../../shared/dragons";
import type { Dragon } from "../../../shared/dragons/responses";
import { DRAGONS_KEY } from "../../lib/dragons";
import { LevelChooser } from "./level-chooser";

/** The download file name: dragon name, then pencil or color, then hires.png. */
export const downloadName = (name: string, version: DragonVersion) => `${name}-${version}-hires.png`;

/** Admins' level choice, Download (hi-res of the selected version) and Delete (with confirmation). */
export function DragonAdminActions({ dragon, version }: { dragon: Dragon; version: DragonVersion }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const remove = useMutation({ mutationFn: () => callApi("DELETE /api/dragons/:id", { params: { id: dragon.id } }) });

  const download = async () => {
    const url = version === "pencil" && dragon.pencilHiresUrl ? dragon.pencilHiresUrl : dragon.hiresUrl;
    setDownloading(true);
    try {
      const res = await fetch(url, { credentials: "include" });
      if (!res.ok) throw new Error(String(res.status));
      const objectUrl = URL.createObjectURL(await res.blob());
      const link = document.createElement("a");
      link.href = objectUrl;
      link.download = downloadName(dragon.name, version === "pencil" && dragon.pencilHiresUrl ? "pencil" : "color");
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
      toast({ title: t`Success`, description: t`High-res image downloaded successfully.` });
    } catch {
      toast({ title: t`Error`, description: t`Failed to download image`, variant: "destructive" });
    } finally {
      setDownloading(false);
    }
  };

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: async () => {
        setConfirming(false);
        toast({ title: t`Success`, description: t`Dragon deleted successfully.` });
        queryClient.removeQueries({ queryKey: ["/api/dragons", dragon.id] });
        await refreshQueries({ queryKey: DRAGONS_KEY, exact: true });
        navigate("/");
      },
      onError: () => toast({ title: t`Error`, description: t`Failed to delete dragon`, variant: "destructive" }),
    });

  return (
    <div className="flex flex-wrap items-center gap-2">
      <LevelChooser dragon={dragon} />
      <Button variant="secondary" onClick={() => void download()} disabled={downloading}>
        <Download className="h-4 w-4" aria-hidden /> {downloading ? t`Downloading...` : t`Download`}
      </Button>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        <Trash2 className="h-4 w-4" aria-hidden /> <Trans>Delete</Trans>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Delete Dragon?`}
        description={t`Are you sure you want to delete the dragon? This action cannot be undone and will remove both the color and pencil versions`}
        action={t`Delete`}
        pendingAction={t`Deleting...`}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
