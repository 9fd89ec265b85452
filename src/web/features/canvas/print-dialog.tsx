import { useState } from "react";
import { Printer } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Switch } from "../../components/ui/switch";
import { toast } from "../../components/ui/use-toast";
import type { PdfRequest } from "./make-pdf";

/** 'Print / PDF': a true-scale PDF made in the browser; the PDF library loads only on this click. */
export function PrintButton({ fileName, request }: { fileName: string; request: () => Omit<PdfRequest, "cellSheets"> | null }) {
  const [open, setOpen] = useState(false);
  const [cellSheets, setCellSheets] = useState(false);
  const [making, setMaking] = useState(false);

  const make = async () => {
    const base = request();
    if (!base) return;
    setMaking(true);
    try {
      performance.mark("pdf-requested");
      const { makeGridPdf } = await import("./make-pdf");
      const bytes = await makeGridPdf({ ...base, cellSheets });
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: "application/pdf" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      // Timed by `npm run bench` (click to finished PDF).
      performance.measure("pdf-made", "pdf-requested");
      setOpen(false);
      toast({ title: "PDF ready", description: "Print it at 100 % (actual size) so a grid square measures its true size." });
    } catch {
      toast({ title: "Error", description: "The PDF could not be made. Please try again.", variant: "destructive" });
    } finally {
      setMaking(false);
    }
  };

  return (
    <>
      <Button variant="secondary" className="px-3" onClick={() => setOpen(true)}>
        <Printer className="h-4 w-4" aria-hidden /> <span className="sr-only lg:not-sr-only">Print / PDF</span>
      </Button>
      <Dialog open={open} onOpenChange={(next) => !making && setOpen(next)} title="Print / PDF" description="Page 1 is your picture as placed, under the lettered and numbered grid; page 2 is the same grid, blank, for your drawing paper. Print at 100 % (actual size).">
        <Switch label="Add cell sheets" description="Enlarged cells with their labels, several to a page" checked={cellSheets} onCheckedChange={setCellSheets} />
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={making}>
            Cancel
          </Button>
          <Button onClick={() => void make()} disabled={making}>
            {making ? "Making PDF..." : "Make PDF"}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
