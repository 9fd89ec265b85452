import { useId, type ReactNode } from "react";
import { Ban, BadgeCheck, MailQuestion, ShieldCheck, ShieldMinus, ShieldPlus, Timer } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { Avatar } from "../../components/avatar";
import { Button } from "../../components/ui/button";
import type { Person } from "./api";
import { formatDate, personName } from "./format";

const TONES = {
  green: "bg-emerald-100 text-emerald-900",
  accent: "bg-accent-soft text-accent-strong",
  red: "bg-red-100 text-red-900",
  grey: "bg-paper-deep text-ink-soft",
};

function Badge({ tone, icon: Icon, children, title }: { tone: keyof typeof TONES; icon: LucideIcon; children: ReactNode; title?: string }) {
  return (
    <li className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold ${TONES[tone]}`} title={title}>
      <Icon className="h-3.5 w-3.5" aria-hidden />
      {children}
    </li>
  );
}

/** The column widths of a row at desktop width, shared with the list's heading row. */
export const ROW_COLUMNS = "md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_7.5rem_11.5rem]";

/**
 * One person: picture, name and e-mail, their badges, when they registered, and the admin role's
 * button. At phone width the parts stack as a card; from md on they line up in columns.
 */
export function PersonRow({ person, isSelf, onChangeRole }: { person: Person; isSelf: boolean; onChangeRole: (isAdmin: boolean) => void }) {
  const nameId = useId();
  const name = personName(person);
  const hasName = name !== person.email;
  const suspended = person.suspendedUntil !== null && !person.banned;
  return (
    <li className={`grid gap-3 px-4 py-4 sm:px-6 md:items-center md:gap-4 ${ROW_COLUMNS}`}>
      <div className="flex min-w-0 items-center gap-3">
        <Avatar src={person.profileImageUrl} size={44} />
        <div className="min-w-0">
          <p id={nameId} className="font-semibold text-ink [overflow-wrap:anywhere]">
            {name}
            {isSelf && <span className="font-normal text-ink-soft"> (you)</span>}
          </p>
          {hasName && <p className="text-sm text-ink-soft [overflow-wrap:anywhere]">{person.email}</p>}
        </div>
      </div>
      <ul aria-label="Status" className="flex min-w-0 flex-wrap gap-1.5">
        {person.emailVerified ? <Badge tone="green" icon={BadgeCheck}>Verified</Badge> : <Badge tone="grey" icon={MailQuestion}>Unverified</Badge>}
        {person.isAdmin && <Badge tone="accent" icon={ShieldCheck}>Admin</Badge>}
        {person.banned && <Badge tone="red" icon={Ban}>Banned</Badge>}
        {suspended && (
          <Badge tone="red" icon={Timer} title={`Suspended until ${formatDate(person.suspendedUntil!)}`}>
            Suspended<span className="sr-only"> until {formatDate(person.suspendedUntil!)}</span>
          </Badge>
        )}
      </ul>
      <p className="text-sm text-ink-soft">
        <span className="md:sr-only">Registered </span>
        <time dateTime={person.createdAt}>{formatDate(person.createdAt)}</time>
      </p>
      <div className="md:justify-self-end">
        {person.isAdmin ? (
          <Button variant="secondary" className="w-full whitespace-nowrap text-danger sm:w-auto" aria-describedby={nameId} onClick={() => onChangeRole(false)}>
            <ShieldMinus className="h-4 w-4" aria-hidden /> Remove admin
          </Button>
        ) : (
          <Button variant="secondary" className="w-full whitespace-nowrap sm:w-auto" aria-describedby={nameId} onClick={() => onChangeRole(true)}>
            <ShieldPlus className="h-4 w-4" aria-hidden /> Make admin
          </Button>
        )}
      </div>
    </li>
  );
}
