/**
 * A tool's label: its short form on a phone (decision 049), its whole label from `sm` up. Both
 * sizes read the whole label aloud, so the tool has the same name everywhere; each form is a
 * message of its own, so every language words both naturally.
 */
export function ToolLabel({ short, long }: { short: string; long: string }) {
  return (
    <span>
      <span aria-hidden className="sm:hidden">
        {short}
      </span>
      <span className="max-sm:sr-only">{long}</span>
    </span>
  );
}
