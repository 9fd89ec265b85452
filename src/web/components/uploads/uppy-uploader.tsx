import { use, useEffect, useRef } from "react";
import Uppy from "@uppy/core";
import Dashboard from "@uppy/dashboard";
import AwsS3 from "@uppy/aws-s3";
import Webcam from "@uppy/webcam";
import Url from "@uppy/url";
import { useLingui } from "@lingui/react/macro";
import "@uppy/core/css/style.min.css";
import "@uppy/dashboard/css/style.min.css";
import "@uppy/webcam/css/style.min.css";
import "@uppy/url/css/style.min.css";
import "@uppy/core/provider-views/css/style.min.css";
import { responseOf, sendApi } from "../../lib/api-client";
import type { UploadTarget } from "./send-upload";
import { uppyLocale } from "./uppy-locale";
import type { KeyedRemoteSource, RemoteSources } from "../../../shared/uploads/remote-sources";
import "./uppy-theme.css";

/** A file the widget uploaded: `objectPath` is its storage path (docs/spec.md §3, meta.objectPath). */
export interface UploadedFile {
  objectPath: string;
  name: string;
  type: string;
  /** The file's bytes as picked, for a local preview (no download of what was just uploaded). */
  data: Blob | null;
}

export interface UploaderOptions {
  /** Defaults: 1 file, 10 MB (docs/spec.md §5). */
  maxNumberOfFiles?: number;
  maxFileSize?: number;
  note?: string;
  /** The dialog's accessible name. */
  title?: string;
  /** Upload each file as soon as it is picked, with no 'Upload' press of its own. */
  autoProceed?: boolean;
  /** Told the batch's progress in percent while it uploads, `null` when none is running. */
  onProgress?: (percent: number | null) => void;
  /** Called per completed batch with its new files; `allDone` is false when one of the batch failed (the dialog stays open). */
  onUploaded: (files: UploadedFile[], allDone: boolean) => void;
  onClose: () => void;
  /**
   * The camera's and the link's names among the sources, for the languages whose Uppy words lack
   * them (Arabic, Japanese...: else they show in English). Given by the screen, in its own catalog,
   * not this component's, which every page carries.
   */
  sourceNames?: { camera: string; link: string };
}

/** The widget's own words, in the page's language (the component's messages). */
interface Words {
  title: string;
  note: string;
  name: string;
  fileName: string;
  signInAgain: string;
  noUploadUrl: string;
  touch: Record<string, string>;
  sources?: { camera: string; link: string };
}

/** Ask our API where to send a file; the spec's errors for a missing URL and a lost session. */
async function requestUploadUrl(words: Words): Promise<UploadTarget & { objectPath: string }> {
  const res = await sendApi("POST /api/objects/upload", {});
  if (res.status === 401) throw new Error(words.signInAgain);
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);

  const body = await responseOf("POST /api/objects/upload", res);
  if (!("uploadURL" in body) || !body.uploadURL) throw new Error(words.noUploadUrl);
  return { url: body.uploadURL, objectPath: body.objectPath, ...(body.fields ? { fields: body.fields } : {}) };
}

/**
 * What to tell someone whose upload failed, when our server said why (over quota, not an image):
 * its sentence from a refused PUT (a bucket's XML is no sentence), or from a refused upload URL.
 */
function serverReason(error: unknown): string | null {
  const { status, body, message } = (error ?? {}) as { status?: unknown; body?: unknown; message?: unknown };
  if (typeof status === "number" && typeof body === "string" && body.trim() && !body.trimStart().startsWith("<"))
    return body.trim().slice(0, 300);
  return typeof message === "string" ? (/^\d{3}: (.+)$/s.exec(message)?.[1] ?? null) : null;
}

/** Which remote sources the server offers (the link import always; providers with keys). */
async function fetchRemoteSources(): Promise<RemoteSources | null> {
  const res = await sendApi("GET /api/objects/remote-sources", {});

  return res.ok ? responseOf("GET /api/objects/remote-sources", res) : null;
}

// Each provider's plugin is its own small chunk, fetched only when the server offers it.
const providerPlugins: Record<KeyedRemoteSource, () => Promise<{ default: unknown }>> = {
  drive: () => import("@uppy/google-drive"),
  dropbox: () => import("@uppy/dropbox"),
  box: () => import("@uppy/box"),
  onedrive: () => import("@uppy/onedrive"),
  facebook: () => import("@uppy/facebook"),
  unsplash: () => import("@uppy/unsplash"),
};

/**
 * The upload widget (Uppy Dashboard as a modal, 750 × 550, 280 px thumbnails): files from the
 * device, the camera, a link, or the remote sources the server has keys for; editable names,
 * progress, pause and cancel. Each local file is sent once to a URL signed by our server (a PUT to
 * local disk, a presigned POST form to S3); a remote file goes the same way, sent by our Companion
 * (decision 016). Every uploader
 * gets the same sources. On a touch screen it says so, and takes photos with the phone's own camera
 * app rather than a webcam view (decision 053). Loaded on demand, never in a visitor's first load.
 */
export function UppyUploader({
  maxNumberOfFiles = 1,
  maxFileSize = 10_485_760,
  note,
  title,
  autoProceed = false,
  onProgress,
  onUploaded,
  onClose,
  sourceNames,
}: UploaderOptions) {
  const { t, i18n } = useLingui();
  // Uppy's own words in the page's language (the widget waits for them, inside its loading fallback).
  const uppyWords = use(uppyLocale(i18n.locale));
  const callbacks = useRef({ onUploaded, onClose, onProgress });
  useEffect(() => {
    callbacks.current = { onUploaded, onClose, onProgress };
  });
  // Read when the widget opens: a language chosen while it is open applies from its next opening
  // (making it anew would cancel an upload under way).
  const maxMegabytes = Math.round(maxFileSize / 1_048_576);
  const browseFiles = "%{browseFiles}"; // Uppy puts its "browse" button here.
  const current: Words = {
    title: title ?? t`Upload an image`,
    note: note ?? t`Images only, up to ${maxMegabytes} MB`,
    name: t`Name`,
    fileName: t`File name`,
    signInAgain: t`Authorization required: please sign in again`,
    noUploadUrl: t`No upload URL received from server`,
    // On a touch screen nothing is dropped: it offers the phone's photos and its own camera app.
    touch: {
      dropPasteFiles: browseFiles,
      dropPasteImportFiles: t`${browseFiles} or take one`,
      browseFiles: t`Choose a photo`,
      myDevice: t`Your photos`,
      takePictureBtn: t`Take a photo`,
    },
    sources: sourceNames,
  };
  const words = useRef(current);
  useEffect(() => {
    words.current = current;
  });

  useEffect(() => {
    const said = words.current;
    const uppy = new Uppy({
      restrictions: {
        maxNumberOfFiles,
        maxFileSize,
        allowedFileTypes: ["image/png", "image/jpeg", "image/webp", "image/gif"],
      },
      autoProceed,
      ...(uppyWords
        ? {
            locale: {
              ...uppyWords,
              strings: {
                ...(said.sources && { pluginNameCamera: said.sources.camera, pluginNameUrl: said.sources.link }),
                ...uppyWords.strings,
              },
            },
          }
        : {}),
    });
    const touch = window.matchMedia("(hover: none)").matches;
    const uploading = () => Object.keys(uppy.getState().currentUploads).length > 0;
    const dashboardPlugin = () =>
      // eslint-disable-next-line lingui/no-unlocalized-strings -- the plugin's id, not words
      uppy.getPlugin("Dashboard") as Dashboard<Record<string, unknown>, Record<string, never>> | undefined;
    uppy
      .use(Dashboard, {
        // The modal is 750 × 550 by Uppy's own stylesheet.
        inline: false,
        thumbnailWidth: 280,
        closeModalOnClickOutside: false,
        proudlyDisplayPoweredByUppy: false,
        note: said.note,
        metaFields: [{ id: "name", name: said.name, placeholder: said.fileName }],
        showNativePhotoCameraButton: touch,
        nativeCameraFacingMode: "environment",
        ...(touch ? { locale: { strings: said.touch } } : {}),
        // Closed while a batch uploads, the dialog only hides: the upload carries on behind it.
        onRequestCloseModal: () => (uploading() ? dashboardPlugin()?.closeModal() : callbacks.current.onClose()),
      })
      .use(AwsS3, {
        // Files over 100 MB would go multipart; uploads here are capped at 50 MB, so it is one request.
        shouldUseMultipart: (file) => (file.size ?? 0) > 100 * 1024 * 1024,
        limit: 6,
        generateObjectKey: (file) => file.id,
        // A PUT of the file (our server), or on S3 a presigned POST form: Uppy sends `fields` and
        // then the file, and adds no Content-Type of its own, so the file's goes in unless signed.
        async signRequest(request) {
          if (request.method !== "PUT" || "uploadId" in request) throw new Error("Multipart uploads are not supported");
          const { url, fields, objectPath } = await requestUploadUrl(said);
          uppy.setFileMeta(request.key, { objectPath });
          const absolute = new URL(url, window.location.origin).href;
          if (fields)
            return {
              url: absolute,
              fields: { ...(request.contentType ? { "Content-Type": request.contentType } : {}), ...fields },
            };
          const headers: Record<string, string> = request.contentType ? { "Content-Type": request.contentType } : {};
          return { url: absolute, headers };
        },
      });
    if (!touch) uppy.use(Webcam, { modes: ["picture"], mirror: true });
    // A remote file is uploaded by Companion, into an upload of ours asked for here like a local
    // file's: the server sends Companion's download there (the objectPath travels in the meta).
    uppy.addPreProcessor(async (fileIDs) => {
      for (const id of fileIDs) {
        const file = uppy.getFile(id);
        if (!file?.isRemote || file.meta.objectPath) continue;
        const { objectPath } = await requestUploadUrl(said);
        uppy.setFileMeta(id, { objectPath });
      }
    });
    let destroyed = false;
    void fetchRemoteSources().then(async (remote) => {
      if (!remote || destroyed) return;
      // Absolute: Uppy derives the progress websocket's ws(s):// address from it.
      const companion = { companionUrl: new URL(remote.companionUrl, window.location.origin).href };
      uppy.use(Url, companion);
      for (const source of remote.sources) {
        if (source === "url") continue;
        const plugin = (await providerPlugins[source]()).default;
        if (destroyed) return;
        uppy.use(plugin as typeof Url, companion);
      }
    });
    // Each uploaded file is handed over once, as soon as its batch completes, even when another
    // file of the batch failed (the form grows as uploads succeed); a retry's batch may list it again.
    const handedOver = new Set<string>();
    uppy.on("complete", (result) => {
      const files = (result.successful ?? [])
        .filter((file) => !handedOver.has(file.id))
        .map((file) => ({
          id: file.id,
          objectPath: uppy.getFile(file.id)?.meta.objectPath as string | undefined,
          name: String(file.meta.name ?? file.name ?? "image"),
          type: file.type ?? "",
          data: file.data instanceof Blob ? file.data : null,
        }))
        .filter((file): file is UploadedFile & { id: string } => Boolean(file.objectPath));
      for (const file of files) handedOver.add(file.id);
      // A failure stays on screen, with its retry, until the person closes the dialog (shown again
      // if it was hidden while uploading).
      const allDone = (result.failed ?? []).length === 0;
      if (allDone) dashboardPlugin()?.closeModal();
      else dashboardPlugin()?.openModal();
      callbacks.current.onProgress?.(null);
      if (files.length > 0)
        callbacks.current.onUploaded(
          files.map(({ id: _id, ...file }) => file),
          allDone,
        );
    });
    uppy.on("upload", () => callbacks.current.onProgress?.(0));
    uppy.on("progress", (percent) => callbacks.current.onProgress?.(uploading() ? percent : null));
    uppy.on("cancel-all", () => callbacks.current.onProgress?.(null));
    // Uppy's own notice says only that the upload failed, the reason behind a "?": say it out loud,
    // and keep it as the file's error, which the theme shows under its name.
    uppy.on("upload-error", (file, error) => {
      const reason = serverReason(error);
      if (!reason) return;
      uppy.info(reason, "error", 10_000);
      if (file) uppy.setFileState(file.id, { error: reason });
    });
    const dashboard = dashboardPlugin()!;
    dashboard.openModal();
    // Uppy's modal has role="dialog" but no name of its own (axe: aria-dialog-name).
    dashboard.el?.querySelector(".uppy-Dashboard-inner")?.setAttribute("aria-label", said.title);
    return () => {
      destroyed = true;
      uppy.destroy();
    };
  }, [maxNumberOfFiles, maxFileSize, note, title, autoProceed, uppyWords]);

  return null;
}
