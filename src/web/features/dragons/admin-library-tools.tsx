import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from "react";
import { checkUpload } from "../../lib/check-upload";
import { Sparkles } from "lucide-react";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../components/ui/button";
import { LibraryButtons } from "./library-buttons";
import { Dialog } from "../../components/ui/dialog";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/use-toast";
import { queryClient } from "../../lib/query-client";
import { refreshQueries } from "../../lib/refresh-queries";
import { useQuery } from "@tanstack/react-query";
import { apiQuery, apiQueryKey, callApi } from "../../lib/api-client";
import type { ImageJobState } from "../../../shared/image-jobs/responses";
import { serverMessage } from "../../lib/errors";
import { DRAGON_NAME_MAX, PROMPT_MAX } from "../../../shared/dragons";
import type { UploadedFile } from "../../components/uploads/uppy-uploader";
import { DRAGONS_KEY } from "../../lib/dragons";
import { PICTURES_KEY } from "../../lib/pictures";

// Uppy (and its stylesheets) load only when an admin opens the upload widget.
const UppyUploader = lazy(() =>
  import("../../components/uploads/uppy-uploader").then((m) => ({ default: m.UppyUploader })),
);

const DRAGON_UPLOAD_MAX_BYTES = 52_428_800;

/**
 * Where the tools put a new picture: the public library (admins, the spec's flow and words) or the
 * member's own private pictures (Pro, decision 031), through the same widget and dialogs.
 */
export type ImageTarget = "library" | "pictures";

/** A picture uploaded and checked, or made by AI, waiting for its name. */
interface NewImage {
  objectPath: string;
  filename: string;
  /** The bytes as picked, for the naming dialog's preview (an AI picture has none here). */
  data?: Blob | null;
}

/** `i18n`: the I18nProvider's (from useLingui), so the warning is in the page's language. */
const warnNoPencil = (i18n: I18n) =>
  toast({
    title: i18n._(msg`Warning`),
    description: i18n._(msg`Failed to generate pencil version. Color version saved successfully.`),
    variant: "warning",
  });

/** True when the pencil version was made; a failure is a warning, the colour version stands. */
async function makePencil(dragonId: string, i18n: I18n): Promise<boolean> {
  try {
    await callApi("POST /api/dragons/generate-pencil", { body: { dragonId } });
    return true;
  } catch {
    warnNoPencil(i18n);
    return false;
  }
}

const ready = (pencil: boolean): MessageDescriptor =>
  pencil
    ? msg`Your picture and its pencil version are ready in My pictures. Only you can see them.`
    : msg`Your picture is ready in My pictures. Only you can see it.`;

/** A picture's first name: its file's, without the extension, with spaces for - and _. */
const nameFromFile = (fileName: string) =>
  fileName
    .replace(/\.[^.]*$/, "")
    .replace(/[-_]+/g, " ")
    .trim()
    .slice(0, DRAGON_NAME_MAX);

/**
 * What each target calls things and says (messages, shown with the I18nProvider's `i18n._`); the
 * library's words are the spec's.
 */
const TARGETS = {
  library: {
    uploaderTitle: msg`Upload a dragon template`,
    nameTitle: msg`Upload Dragon Template`,
    nameHint: msg`Give the new template a name learners will recognise.`,
    nameLabel: msg`Dragon name`,
    nameMissing: msg`Please enter a dragon name`,
    save: msg`Upload`,
    saving: msg`Uploading...`,
    describe: msg`Describe the dragon you would like to draw.`,
    uploaded: (pencil: boolean): MessageDescriptor =>
      pencil ? msg`Dragon and pencil version uploaded successfully!` : msg`Dragon uploaded successfully!`,
    generated: (pencil: boolean): MessageDescriptor =>
      pencil ? msg`Image and pencil version added to library!` : msg`Image added to library!`,
    uploadFailed: msg`Failed to save dragon`,
    generatedFailed: msg`Failed to save image to library`,
    /** Creates the template, then its pencil version; answers whether that was made. */
    async create(name: string, image: NewImage, pencil: boolean, i18n: I18n): Promise<boolean> {
      const { id } = await callApi("POST /api/dragons", {
        body: { name, imageUrl: image.objectPath, filename: image.filename },
      });
      return pencil && (await makePencil(id, i18n));
    },

    generate: (prompt: string) => callApi("POST /api/dragons/generate-custom", { body: { prompt } }),
    refresh: () => refreshQueries({ queryKey: DRAGONS_KEY, exact: true }),
  },
  pictures: {
    uploaderTitle: msg`Upload your own picture`,
    nameTitle: msg`Name your picture`,
    nameHint: msg`Only you will see it, with the same drawing grid as the library's dragons.`,
    nameLabel: msg`Picture name`,
    nameMissing: msg`Please enter a name for your picture`,
    save: msg`Save picture`,
    saving: msg`Saving...`,
    describe: msg`Describe the picture you would like to draw.`,
    uploaded: ready,
    generated: ready,
    uploadFailed: msg`Failed to save picture`,
    generatedFailed: msg`Failed to save picture`,
    /** One request makes the private picture and, if asked, its pencil version. */
    async create(name: string, image: NewImage, pencil: boolean, i18n: I18n): Promise<boolean> {
      const picture = await callApi("POST /api/pictures", {
        body: { name, imageUrl: image.objectPath, filename: image.filename, pencil },
      });

      queryClient.setQueryData(apiQueryKey("GET /api/dragons/:id", { params: { id: picture.id } }), picture);
      if (pencil && !picture.pencilPreviewUrl) warnNoPencil(i18n);
      return Boolean(picture.pencilPreviewUrl);
    },

    generate: (prompt: string) => callApi("POST /api/pictures/generate", { body: { prompt } }),
    // Every member's list starts with this key (then their id): this one's is the one on screen.
    refresh: () => refreshQueries({ queryKey: PICTURES_KEY }),
  },
};

/** The picture a member is about to name, from the bytes they picked (nothing downloaded again). */
function UploadPreview({ file }: { file: Blob }) {
  const { t } = useLingui();
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <img
      src={url}
      alt={t`The picture you uploaded`}
      className="mx-auto max-h-48 w-auto rounded-xl border border-line bg-white object-contain"
    />
  );
}

/**
 * Where the member's oldest unfinished image job is, in words (decision 034); null before there is
 * one. `i18n`: the I18nProvider's, for the page's language.
 */
function jobProgress(jobs: ImageJobState[] | undefined, i18n: I18n): string | null {
  const job = jobs?.[0];
  if (!job) return null;
  if (job.state === "running") return i18n._(msg`Your picture is being made now.`);
  if (job.state === "retrying") return i18n._(msg`Something went wrong on the server; trying again.`);
  const { ahead } = job;
  if (ahead === 0) return i18n._(msg`Your picture is next in line.`);
  return i18n._(
    msg({
      message: plural(ahead, {
        one: "Waiting in line: # picture before yours.",
        other: "Waiting in line: # pictures before yours.",
      }),
    }),
  );
}

/** Full-screen, blocking: shown while the server upsamples and stores a picture, with where its job is. */
function ProcessingOverlay({ withPencil }: { withPencil: boolean }) {
  const { i18n } = useLingui();

  const { data: jobs } = useQuery({ ...apiQuery("GET /api/image-jobs"), refetchInterval: 1500 });
  const progress = jobProgress(jobs, i18n);
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="processing-title"
      className="fixed inset-0 z-[60] flex items-center justify-center bg-ink/70 p-6 backdrop-blur-sm"
    >
      <div className="max-w-sm rounded-[var(--radius-card)] bg-white p-8 text-center shadow-2xl">
        <span
          className="mx-auto block h-12 w-12 animate-spin rounded-full border-4 border-line border-t-accent"
          aria-hidden
        />
        <h2 id="processing-title" className="mt-5 text-2xl font-bold">
          <Trans>Processing...</Trans>
        </h2>
        <p className="mt-2 text-ink-soft">
          {withPencil ? (
            <Trans>Upsampling 4x and drawing a pencil sketch takes 30-60 seconds. Please keep this page open.</Trans>
          ) : (
            <Trans>Upsampling your image 4x takes 20-40 seconds. Please keep this page open.</Trans>
          )}
        </p>
        <p className="mt-3 min-h-6 font-medium" aria-live="polite" data-testid="image-job-progress">
          {progress}
        </p>
      </div>
    </div>
  );
}

/**
 * The library's '+ Upload my own image' and 'Create my own image': for admins into the library,
 * for Pro members into their own pictures.
 */
export function AdminLibraryTools({ target = "library" }: { target?: ImageTarget }) {
  const { t, i18n } = useLingui();
  const words = TARGETS[target];
  const own = target === "pictures";
  // A member hears the server's reason (over quota, the day's AI pictures used up); the library keeps the spec's words.
  const failure = (error: unknown, fallback: MessageDescriptor) =>
    toast({ title: t`Error`, description: (own && serverMessage(error)) || i18n._(fallback), variant: "destructive" });
  const [uploading, setUploading] = useState(false);
  const [uploaded, setUploaded] = useState<NewImage | null>(null);
  // The member's AI picture is named in the same dialog as an upload (the library's, in the browser's prompt).
  const [fromAi, setFromAi] = useState(false);
  const [name, setName] = useState("");
  const [withPencil, setWithPencil] = useState(false);
  const [saving, setSaving] = useState(false);

  const [describing, setDescribing] = useState(false);
  const [prompt, setPrompt] = useState("");
  const [processing, setProcessing] = useState<null | { withPencil: boolean }>(null);
  const [generated, setGenerated] = useState<{ objectPath: string; filename: string } | null>(null);

  // Upload flow: file → upload → set-acl → name dialog → create → optional pencil.
  const onUploaded = async ([file]: UploadedFile[]) => {
    setUploading(false);
    if (!file) return;
    let objectPath: string;
    try {
      objectPath = await checkUpload(file.objectPath, own ? "private" : undefined);
    } catch (error) {
      failure(error, msg`Failed to set image permissions`);
      return;
    }
    // A member's picture starts with its file's name ("cat on sofa" from cat_on_sofa.jpg); the
    // library's dialog starts empty, as the spec has it.
    setName(own ? nameFromFile(file.name) : "");
    setWithPencil(false);
    setFromAi(false);
    setUploaded({ objectPath, filename: file.name, data: file.data });
  };

  const saveUpload = async (event: FormEvent) => {
    event.preventDefault();
    if (!uploaded) return;
    if (!name.trim()) {
      toast({ title: t`Error`, description: i18n._(words.nameMissing), variant: "destructive" });
      return;
    }
    setSaving(true);
    try {
      const pencil = await words.create(name.trim(), uploaded, withPencil, i18n);
      toast({ title: t`Success`, description: i18n._((fromAi ? words.generated : words.uploaded)(pencil)) });
      await words.refresh();
      setUploaded(null);
      setName("");
      setWithPencil(false);
      if (fromAi) setPrompt("");
    } catch (error) {
      failure(error, fromAi ? words.generatedFailed : words.uploadFailed);
    } finally {
      setSaving(false);
    }
  };

  // AI flow: description → processing → pencil choice → name prompt → create → optional pencil.
  const generate = async (event: FormEvent) => {
    event.preventDefault();
    if (!prompt.trim()) {
      toast({ title: t`Error`, description: t`Please enter a description for your image`, variant: "destructive" });
      return;
    }
    setDescribing(false);
    setProcessing({ withPencil: false });
    try {
      setGenerated(await words.generate(prompt.trim()));
    } catch (error) {
      toast({
        title: t`Error`,
        description: serverMessage(error) ?? t`Failed to generate custom image`,
        variant: "destructive",
      });
    } finally {
      setProcessing(null);
    }
  };

  const saveGenerated = async (pencil: boolean) => {
    const image = generated;
    setGenerated(null);
    if (!image) return;
    if (own) {
      setName("");
      setWithPencil(pencil);
      setFromAi(true);
      setUploaded(image);
      return;
    }
    const chosen = window.prompt(t`Name your new dragon`, "");
    // Cancelling the prompt (or leaving it blank) abandons the save without a word.
    if (chosen === null || !chosen.trim()) return;
    setProcessing({ withPencil: pencil });
    try {
      const made = await words.create(chosen.trim(), image, pencil, i18n);
      toast({ title: t`Success`, description: i18n._(words.generated(made)) });
      await words.refresh();
      setPrompt("");
    } catch {
      toast({ title: t`Error`, description: i18n._(words.generatedFailed), variant: "destructive" });
    } finally {
      setProcessing(null);
    }
  };

  return (
    <>
      <LibraryButtons onUpload={() => setUploading(true)} onCreate={() => setDescribing(true)} />

      {uploading && (
        <Suspense fallback={null}>
          <UppyUploader
            title={i18n._(words.uploaderTitle)}
            maxNumberOfFiles={1}
            maxFileSize={DRAGON_UPLOAD_MAX_BYTES}
            onUploaded={(files) => void onUploaded(files)}
            onClose={() => setUploading(false)}
          />
        </Suspense>
      )}

      <Dialog
        open={uploaded !== null}
        onOpenChange={(open) => !open && !saving && setUploaded(null)}
        title={i18n._(words.nameTitle)}
        description={i18n._(words.nameHint)}
      >
        <form onSubmit={(e) => void saveUpload(e)} className="grid gap-4">
          {own && uploaded?.data && <UploadPreview file={uploaded.data} />}
          <TextField
            label={i18n._(words.nameLabel)}
            name="dragon-name"
            autoComplete="off"
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={saving}
          />
          <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
            <input
              type="checkbox"
              className="h-5 w-5 accent-[var(--color-accent)]"
              checked={withPencil}
              onChange={(e) => setWithPencil(e.target.checked)}
              disabled={saving}
            />
            <Trans>Generate pencil version (adds 1-2 seconds)</Trans>
          </label>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setUploaded(null)} disabled={saving}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={saving || !name.trim()}>
              {i18n._(saving ? words.saving : words.save)}
            </Button>
          </div>
          {own && saving && (
            <p role="status" className="flex items-center gap-2 text-sm text-ink-soft">
              <span
                className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-line border-t-accent"
                aria-hidden
              />
              <Trans>Preparing your picture and its grid. This can take up to a minute.</Trans>
            </p>
          )}
        </form>
      </Dialog>

      <Dialog
        open={describing}
        onOpenChange={setDescribing}
        title={t`Create Custom Image with AI`}
        description={i18n._(words.describe)}
        wide
      >
        <form onSubmit={(e) => void generate(e)} className="grid gap-3">
          <label htmlFor="ai-prompt" className="text-sm font-semibold">
            <Trans>Description</Trans>
          </label>
          <textarea
            id="ai-prompt"
            aria-describedby="ai-prompt-hints"
            rows={5}
            maxLength={PROMPT_MAX}
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            placeholder={t`Example: A friendly baby dragon with big round eyes, curled up asleep on a pile of gold coins, simple bold outlines, plain white background`}
            className="w-full rounded-xl border border-line bg-white p-3.5 text-base focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
          />
          <ul id="ai-prompt-hints" className="list-disc ps-5 text-sm text-ink-soft">
            <li>
              <Trans>Say what the dragon is doing, and its mood.</Trans>
            </li>
            <li>
              <Trans>Ask for bold outlines and a plain background: they are easier to copy square by square.</Trans>
            </li>
            <li>
              <Trans>Keep it to one main subject.</Trans>
            </li>
          </ul>
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setDescribing(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={!prompt.trim()}>
              <Sparkles className="h-4 w-4" aria-hidden /> <Trans>Generate Image</Trans>
            </Button>
          </div>
        </form>
      </Dialog>

      <Dialog
        open={generated !== null}
        onOpenChange={(open) => !open && setGenerated(null)}
        title={t`Image Generated Successfully`}
        description={t`Would you also like a pencil sketch of it?`}
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => void saveGenerated(false)}>
            <Trans>No, just color version</Trans>
          </Button>
          <Button onClick={() => void saveGenerated(true)}>
            <Trans>Yes, create pencil version</Trans>
          </Button>
        </div>
      </Dialog>

      {processing && <ProcessingOverlay withPencil={processing.withPencil} />}
    </>
  );
}
