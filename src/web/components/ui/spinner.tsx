import { useLingui } from "@lingui/react/macro";

/** A calm loading indicator with a text alternative for screen readers. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <div role="status" className="flex items-center justify-center p-10">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-line border-t-accent" aria-hidden />
      <span className="sr-only">{label ?? t`Loading`}</span>
    </div>
  );
}
