import { lazy, Suspense, useState, type FormEvent } from "react";
import { checkUpload } from "../../lib/check-upload";
import { Sparkles } from "lucide-react";
import { Button } from "../../components/ui/button";
import { LibraryButtons } from "./library-buttons";
import { Dialog } from "../../components/ui/dialog";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/use-toast";
import { queryClient } from "../../lib/query-client";
import { callApi } from "../../lib/api-client";
import { serverMessage } from "../../lib/errors";
import { PROMPT_MAX } from "../../../shared/dragons";
import type { UploadedFile } from "../../components/uploads/uppy-uploader";
import { DRAGONS_KEY } from "../../lib/dragons";

// Uppy (and its stylesheets) load only when an admin opens the upload widget.
const UppyUploader = lazy(() => import("../../components/uploads/uppy-uploader").then((m) => ({ default: m.UppyUploader })));

const DRAGON_UPLOAD_MAX_BYTES = 52_428_800;

async function createDragon(name: string, file: { objectPath: string; filename: string }): Promise<string> {
  return (await callApi("POST /api/dragons", { body: { name, imageUrl: file.objectPath, filename: file.filename } })).id;
}

/** True when the pencil version was made; a failure is a warning, the colour version stands. */
async function makePencil(dragonId: string): Promise<boolean> {
  try {
    await callApi("POST /api/dragons/generate-pencil", { body: { dragonId } });
    return true;
  } catch {
    toast({ title: "Warning", description: "Failed to generate pencil version. Color version saved successfully.", variant: "warning" });
    return false;
  }
}

/** Full-screen, blocking: shown while the server upsamples and stores a picture. */
function ProcessingOverlay({ withPencil }: { withPencil: boolean }) {
  return (
    <div role="alertdialog" aria-modal="true" aria-labelledby="processing-title" className="fixed inset-0 z-[60] flex items-center justify-center bg-ink/70 p-6 backdrop-blur-sm">
      <div className="max-w-sm rounded-[var(--radius-card)] bg-white p-8 text-center shadow-2xl">
        <span className="mx-auto block h-12 w-12 animate-spin rounded-full border-4 border-line border-t-accent" aria-hidden />
        <h2 id="processing-title" className="mt-5 text-2xl font-bold">
          Processing...
        </h2>
        <p className="mt-2 text-ink-soft">
          {withPencil ? "Upsampling 4x and drawing a pencil sketch takes 30-60 seconds." : "Upsampling your image 4x takes 20-40 seconds."} Please keep this page open.
        </p>
      </div>
    </div>
  );
}

/** The library's '+ Upload my own image' and 'Create my own image' for admins. */
export function AdminLibraryTools() {
  const [uploading, setUploading] = useState(false);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [name, setName] = useState("");
  const [withPencil, setWithPencil] = useState(false);
  const [saving, setSaving] = useState(false);

  const [describing, setDescribing] = useState(false);
  const [prompt, setPrompt] = useState("");
  const [processing, setProcessing] = useState<null | { withPencil: boolean }>(null);
  const [generated, setGenerated] = useState<{ objectPath: string; filename: string } | null>(null);

  const refreshLibrary = () => queryClient.invalidateQueries({ queryKey: DRAGONS_KEY, exact: true });

  // Upload flow: file → upload → set-acl → name dialog → create → optional pencil.
  const onUploaded = async ([file]: UploadedFile[]) => {
    setUploading(false);
    if (!file) return;
    let objectPath: string;
    try {
      objectPath = await checkUpload(file.objectPath);
    } catch {
      toast({ title: "Error", description: "Failed to set image permissions", variant: "destructive" });
      return;
    }
    setName("");
    setWithPencil(false);
    setUploaded({ ...file, objectPath });
  };

  const saveUpload = async (event: FormEvent) => {
    event.preventDefault();
    if (!uploaded) return;
    if (!name.trim()) {
      toast({ title: "Error", description: "Please enter a dragon name", variant: "destructive" });
      return;
    }
    setSaving(true);
    try {
      const id = await createDragon(name.trim(), { objectPath: uploaded.objectPath, filename: uploaded.name });
      const pencil = withPencil && (await makePencil(id));
      toast({ title: "Success", description: pencil ? "Dragon and pencil version uploaded successfully!" : "Dragon uploaded successfully!" });
      await refreshLibrary();
      setUploaded(null);
      setName("");
      setWithPencil(false);
    } catch {
      toast({ title: "Error", description: "Failed to save dragon", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  // AI flow: description → processing → pencil choice → name prompt → create → optional pencil.
  const generate = async (event: FormEvent) => {
    event.preventDefault();
    if (!prompt.trim()) {
      toast({ title: "Error", description: "Please enter a description for your image", variant: "destructive" });
      return;
    }
    setDescribing(false);
    setProcessing({ withPencil: false });
    try {
      setGenerated(await callApi("POST /api/dragons/generate-custom", { body: { prompt: prompt.trim() } }));
    } catch (error) {
      toast({ title: "Error", description: serverMessage(error) ?? "Failed to generate custom image", variant: "destructive" });
    } finally {
      setProcessing(null);
    }
  };

  const saveGenerated = async (pencil: boolean) => {
    const image = generated;
    setGenerated(null);
    if (!image) return;
    const chosen = window.prompt("Name your new dragon", "");
    // Cancelling the prompt (or leaving it blank) abandons the save without a word.
    if (chosen === null || !chosen.trim()) return;
    setProcessing({ withPencil: pencil });
    try {
      const id = await createDragon(chosen.trim(), image);
      const made = pencil && (await makePencil(id));
      toast({ title: "Success", description: made ? "Image and pencil version added to library!" : "Image added to library!" });
      await refreshLibrary();
      setPrompt("");
    } catch {
      toast({ title: "Error", description: "Failed to save image to library", variant: "destructive" });
    } finally {
      setProcessing(null);
    }
  };

  return (
    <>
      <LibraryButtons onUpload={() => setUploading(true)} onCreate={() => setDescribing(true)} />

      {uploading && (
        <Suspense fallback={null}>
          <UppyUploader title="Upload a dragon template" maxNumberOfFiles={1} maxFileSize={DRAGON_UPLOAD_MAX_BYTES} onUploaded={(files) => void onUploaded(files)} onClose={() => setUploading(false)} />
        </Suspense>
      )}

      <Dialog open={uploaded !== null} onOpenChange={(open) => !open && !saving && setUploaded(null)} title="Upload Dragon Template" description="Give the new template a name learners will recognise.">
        <form onSubmit={(e) => void saveUpload(e)} className="grid gap-4">
          <TextField label="Dragon name" name="dragon-name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} disabled={saving} />
          <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
            <input type="checkbox" className="h-5 w-5 accent-[var(--color-accent)]" checked={withPencil} onChange={(e) => setWithPencil(e.target.checked)} disabled={saving} />
            Generate pencil version (adds 1-2 seconds)
          </label>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setUploaded(null)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving || !name.trim()}>
              {saving ? "Uploading..." : "Upload"}
            </Button>
          </div>
        </form>
      </Dialog>

      <Dialog open={describing} onOpenChange={setDescribing} title="Create Custom Image with AI" description="Describe the dragon you would like to draw." wide>
        <form onSubmit={(e) => void generate(e)} className="grid gap-3">
          <label htmlFor="ai-prompt" className="text-sm font-semibold">
            Description
          </label>
          <textarea
            id="ai-prompt"
            aria-describedby="ai-prompt-hints"
            rows={5}
            maxLength={PROMPT_MAX}
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            placeholder="Example: A friendly baby dragon with big round eyes, curled up asleep on a pile of gold coins, simple bold outlines, plain white background"
            className="w-full rounded-xl border border-line bg-white p-3.5 text-base focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
          />
          <ul id="ai-prompt-hints" className="list-disc pl-5 text-sm text-ink-soft">
            <li>Say what the dragon is doing, and its mood.</li>
            <li>Ask for bold outlines and a plain background: they are easier to copy square by square.</li>
            <li>Keep it to one main subject.</li>
          </ul>
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setDescribing(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!prompt.trim()}>
              <Sparkles className="h-4 w-4" aria-hidden /> Generate Image
            </Button>
          </div>
        </form>
      </Dialog>

      <Dialog open={generated !== null} onOpenChange={(open) => !open && setGenerated(null)} title="Image Generated Successfully" description="Would you also like a pencil sketch of it?">
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => void saveGenerated(false)}>
            No, just color version
          </Button>
          <Button onClick={() => void saveGenerated(true)}>Yes, create pencil version</Button>
        </div>
      </Dialog>

      {processing && <ProcessingOverlay withPencil={processing.withPencil} />}
    </>
  );
}
