import { useId, type InputHTMLAttributes } from "react";

/** The look of a text input, for fields laid out otherwise than TextField's label above it. */
export const inputClass =
  "min-h-11 w-full min-w-0 rounded-xl border border-line bg-white px-3.5 text-base text-ink shadow-inner shadow-black/[0.02] placeholder:text-ink-soft/60 focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30 disabled:opacity-60";

/** A labelled input with room for a hint; the label is always visible and tied to the input. */
export function TextField({
  label,
  hint,
  className = "",
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={`grid gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <input id={id} aria-describedby={hintId} className={inputClass} {...props} />
      {hint && (
        <p id={hintId} className="text-xs text-ink-soft">
          {hint}
        </p>
      )}
    </div>
  );
}
