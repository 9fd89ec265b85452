import { UserX } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar } from "../../components/avatar";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/errors";
import { useBlockedUsers, useUnblock } from "./api";

/** 'Blocked people': who this member blocked (they are not told), each with Unblock. */
export function BlockedPeopleCard() {
  const { t } = useLingui();
  const people = useBlockedUsers();
  const unblock = useUnblock();
  const list = people.data ?? [];
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-xl font-bold">
        <UserX className="h-5 w-5 text-accent" aria-hidden /> <Trans>Blocked people</Trans>
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        <Trans>You don't see each other's posts, comments or likes. They are not told.</Trans>
      </p>
      {people.isPending ? (
        <p role="status" className="mt-4 text-sm text-ink-soft">
          <Trans>Loading...</Trans>
        </p>
      ) : people.isError ? (
        <p role="alert" className="mt-4 text-sm text-ink-soft">
          <Trans>The people you blocked could not be loaded. Please reload the page.</Trans>
        </p>
      ) : list.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-paper px-4 py-3 text-sm text-ink-soft">
          <Trans>You haven't blocked anyone</Trans>
        </p>
      ) : (
        <ul className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-2" aria-label={t`Blocked people`}>
          {list.map((person) => {
            const name = [person.firstName, person.lastName].filter(Boolean).join(" ") || person.email;
            const pending = unblock.isPending && unblock.variables === person.userId;
            return (
              <li
                key={person.userId}
                className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-line bg-paper px-3 py-2"
              >
                <Avatar src={person.profileImageUrl} size={40} />
                {/* The whole name, cut short it tells too little ("Konsta..."): a long one takes the row, and
                    Unblock goes under it. */}
                <span dir="auto" className="min-w-0 flex-auto break-words text-start font-semibold">
                  {name}
                </span>
                <Button
                  variant="secondary"
                  className="ms-auto"
                  aria-label={t`Unblock ${name}`}
                  disabled={pending}
                  onClick={() =>
                    unblock.mutate(person.userId, {
                      onSuccess: () =>
                        toast({
                          title: t`Unblocked`,
                          description: t`You and ${name} can see each other's posts again.`,
                        }),
                      onError: (error) =>
                        toast({
                          title: t`Error`,
                          description: serverMessage(error) ?? t`Failed to unblock. Please try again.`,
                          variant: "destructive",
                        }),
                    })
                  }
                >
                  {pending ? <Trans>Unblocking...</Trans> : <Trans>Unblock</Trans>}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
