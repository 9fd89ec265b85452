import { useLingui } from "@lingui/react/macro";
import { TextField } from "./ui/text-field";
import { PASSWORD_MIN } from "../../shared/auth/limits";

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The first field says the rule; the repeat field does not. */
  hint?: boolean;
  name?: string;
}

/** A field for a password being chosen: the length rule, and marked for password managers as new. */
export function NewPasswordField({ label, value, onChange, hint = true, name = "new-password" }: Props) {
  const { t } = useLingui();
  const min = PASSWORD_MIN;
  return (
    <TextField
      label={label}
      type="password"
      name={name}
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN}
      hint={hint ? t`At least ${min} characters.` : undefined}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
