import { useId, type ReactNode } from "react";

/**
 * An on/off switch (the WAI-ARIA switch pattern): a button with role=switch and aria-checked,
 * labelled by its visible label; Space and Enter toggle it like any button. Hand-written rather than
 * Radix Switch, which would grow every public page's first load (decision 046).
 */
export function Switch({
  label,
  description,
  checked,
  onCheckedChange,
  disabled = false,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className="flex items-center gap-3">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={descriptionId}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
        // The 44 px tap target wraps a smaller track.
        className="group inline-flex min-h-11 min-w-14 shrink-0 items-center rounded-full disabled:cursor-not-allowed disabled:opacity-50"
      >
        <span
          className={`relative inline-flex h-7 w-12 items-center rounded-full border-2 transition-colors ${checked ? "border-accent bg-accent" : "border-line bg-paper-deep"}`}
        >
          <span
            className={`absolute start-0 h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-[1.375rem] rtl:-translate-x-[1.375rem]" : "translate-x-0.5 rtl:-translate-x-0.5"}`}
          />
        </span>
      </button>
      <div className="grid">
        <label htmlFor={id} className="cursor-pointer text-sm font-semibold text-ink">
          {label}
        </label>
        {description && (
          <span id={descriptionId} className="text-xs text-ink-soft">
            {description}
          </span>
        )}
      </div>
    </div>
  );
}
