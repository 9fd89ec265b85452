import { useId, type ReactNode } from "react";
import {
  Ban,
  BadgeCheck,
  BadgeMinus,
  BadgePlus,
  MailQuestion,
  ShieldCheck,
  ShieldMinus,
  ShieldPlus,
  Sparkles,
  Timer,
} from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar } from "../../components/avatar";
import { Button } from "../../components/ui/button";
import type { Person } from "./api";
import type { RoleChange } from "./admin-role-dialog";
import { formatDate, personName } from "./format";

/* eslint-disable lingui/no-unlocalized-strings -- class lists, not words */
const TONES = {
  green: "bg-emerald-100 text-emerald-900",
  accent: "bg-accent-soft text-accent-strong",
  red: "bg-red-100 text-red-900",
  grey: "bg-paper-deep text-ink-soft",
  gold: "bg-amber-100 text-amber-900",
};
/* eslint-enable lingui/no-unlocalized-strings */

function Badge({
  tone,
  icon: Icon,
  children,
  title,
}: {
  tone: keyof typeof TONES;
  icon: LucideIcon;
  children: ReactNode;
  title?: string;
}) {
  return (
    <li
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold ${TONES[tone]}`}
      title={title}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden />
      {children}
    </li>
  );
}

/** 'Make admin' or 'Remove admin', 'Grant Pro' or 'Remove Pro': what the person has decides which (taking away in red). */
function ChangeButton({
  has,
  describedBy,
  onClick,
  give,
  take,
}: {
  has: boolean;
  describedBy: string;
  onClick: (grant: boolean) => void;
  give: [LucideIcon, string];
  take: [LucideIcon, string];
}) {
  const [Icon, label] = has ? take : give;
  return (
    <Button
      variant="secondary"
      className={`w-full whitespace-nowrap sm:w-auto ${has ? "text-danger" : ""}`}
      aria-describedby={describedBy}
      onClick={() => onClick(!has)}
    >
      <Icon className="h-4 w-4" aria-hidden /> {label}
    </Button>
  );
}

/** The column widths of a row at desktop width, shared with the list's heading row. */
export const ROW_COLUMNS = "md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_7.5rem_11.5rem]";

/**
 * One person: picture, name and e-mail, their badges, when they registered, and the buttons of the
 * admin role and (with `proButtons`, when PRO=granted) of Pro; admins have Pro whenever it is on,
 * so they get no Pro button. At phone width the parts stack as a card; from md on they line up in
 * columns, the buttons one above the other.
 */
export function PersonRow({
  person,
  isSelf,
  proButtons,
  onChange,
}: {
  person: Person;
  isSelf: boolean;
  proButtons: boolean;
  onChange: (change: Omit<RoleChange, "person">) => void;
}) {
  const { t, i18n } = useLingui();
  const nameId = useId();
  const name = personName(person);
  const until = person.suspendedUntil ? formatDate(i18n, person.suspendedUntil) : "";
  const registered = formatDate(i18n, person.createdAt);
  const hasName = name !== person.email;
  const suspended = person.suspendedUntil !== null && !person.banned;
  return (
    <li className={`grid gap-3 px-4 py-4 sm:px-6 md:items-center md:gap-4 ${ROW_COLUMNS}`}>
      <div className="flex min-w-0 items-center gap-3">
        <Avatar src={person.profileImageUrl} size={44} />
        <div className="min-w-0">
          <p id={nameId} className="font-semibold text-ink [overflow-wrap:anywhere]">
            {name}
            {isSelf && (
              <span className="font-normal text-ink-soft">
                {" "}
                <Trans>(you)</Trans>
              </span>
            )}
          </p>
          {hasName && <p className="text-sm text-ink-soft [overflow-wrap:anywhere]">{person.email}</p>}
        </div>
      </div>
      <ul aria-label={t`Status`} className="flex min-w-0 flex-wrap gap-1.5">
        {person.emailVerified ? (
          <Badge tone="green" icon={BadgeCheck}>
            <Trans>Verified</Trans>
          </Badge>
        ) : (
          <Badge tone="grey" icon={MailQuestion}>
            <Trans>Unverified</Trans>
          </Badge>
        )}
        {person.isAdmin && (
          <Badge tone="accent" icon={ShieldCheck}>
            <Trans>Admin</Trans>
          </Badge>
        )}
        {person.pro && (
          <Badge tone="gold" icon={Sparkles}>
            {/* eslint-disable-next-line lingui/no-unlocalized-strings -- "Pro" is a name, never translated */}
            {"Pro"}
          </Badge>
        )}
        {person.banned && (
          <Badge tone="red" icon={Ban}>
            <Trans>Banned</Trans>
          </Badge>
        )}
        {suspended && (
          <Badge tone="red" icon={Timer} title={t`Suspended until ${until}`}>
            <Trans>
              Suspended<span className="sr-only"> until {until}</span>
            </Trans>
          </Badge>
        )}
      </ul>
      <p className="text-sm text-ink-soft">
        <Trans>
          <span className="md:sr-only">Registered </span>
          <time dateTime={person.createdAt}>{registered}</time>
        </Trans>
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap md:flex-col md:items-end md:justify-self-end">
        <ChangeButton
          has={person.isAdmin}
          describedBy={nameId}
          onClick={(grant) => onChange({ role: "admin", grant })}
          give={[ShieldPlus, t`Make admin`]}
          take={[ShieldMinus, t`Remove admin`]}
        />
        {proButtons && !person.isAdmin && (
          <ChangeButton
            has={person.proGranted}
            describedBy={nameId}
            onClick={(grant) => onChange({ role: "pro", grant })}
            give={[BadgePlus, t`Grant Pro`]}
            take={[BadgeMinus, t`Remove Pro`]}
          />
        )}
      </div>
    </li>
  );
}
