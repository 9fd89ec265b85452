import { Trans } from "@lingui/react/macro";
import { characterCount, upToCharacters } from "../../../shared/text";
import { Button, type ButtonVariant } from "./button";

// The parts every short form in a dialog shares: a text with its counter, the server's refusal,
// and Cancel beside the action.

/** A multi-line text with its label and an "n/max" counter; typing stops at `max` characters as the server counts them. */
export function CountedTextarea(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
}) {
  const { id, label, value, onChange, max, required = false, disabled, placeholder, autoFocus } = props;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <textarea
        id={id}
        aria-describedby={`${id}-count`}
        aria-required={required}
        value={value}
        onChange={(e) => onChange(upToCharacters(e.target.value, max))}
        rows={3}
        disabled={disabled}
        placeholder={placeholder}
        autoFocus={autoFocus}
        dir="auto"
        className="w-full rounded-xl border border-line bg-white px-3.5 py-2.5 text-base focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
      />
      <p id={`${id}-count`} className="text-end text-xs text-ink-soft">
        {characterCount(value)}/{max}
      </p>
    </div>
  );
}

/** What the server said when it refused, read out as it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-xl border border-danger/30 bg-red-50 px-3.5 py-2.5 text-sm font-medium text-danger"
    >
      {message}
    </p>
  );
}

/** Cancel and the form's submit button, stacked on phones with the action on top. */
export function FormActions(props: {
  onCancel: () => void;
  busy: boolean;
  ready: boolean;
  label: string;
  busyLabel: string;
  variant?: ButtonVariant;
}) {
  const { onCancel, busy, ready, label, busyLabel, variant = "primary" } = props;
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" variant={variant} disabled={!ready || busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}

/** A native select's look: a tall rounded field with the focus ring. */
export const selectClass =
  "min-h-11 w-full min-w-0 rounded-xl border border-line bg-white px-3 text-base text-ink focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30";
