import { Plus, Sparkles } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { Button } from "../../components/ui/button";

interface LibraryButtonsProps {
  onUpload?: () => void;
  onCreate?: () => void;
  /** Hold the buttons' place, unseen and inert, while it is not yet known who is looking. */
  placeholder?: boolean;
}

/** The library's '+ Upload my own image' and 'Create my own image', for admins and everyone else. */
export function LibraryButtons({ onUpload, onCreate, placeholder = false }: LibraryButtonsProps) {
  return (
    <div
      className={`flex flex-wrap gap-3 ${placeholder ? "invisible" : ""}`}
      aria-hidden={placeholder || undefined}
      data-testid={placeholder ? "library-buttons-placeholder" : undefined}
    >
      <Button variant="secondary" onClick={onUpload} disabled={placeholder} tabIndex={placeholder ? -1 : undefined}>
        <Plus className="h-4 w-4" aria-hidden /> <Trans>Upload my own image</Trans>
      </Button>
      <Button variant="secondary" onClick={onCreate} disabled={placeholder} tabIndex={placeholder ? -1 : undefined}>
        <Sparkles className="h-4 w-4" aria-hidden /> <Trans>Create my own image</Trans>
      </Button>
    </div>
  );
}
