import { useEffect, useId, useState, type FormEvent } from "react";
import { Link } from "wouter";
import { ChevronLeft, ChevronRight, Search, SearchX, ShieldAlert, Sparkles, X } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { useAuth } from "../../lib/auth";
import { PEOPLE_PAGE_SIZE, PEOPLE_SEARCH_MAX } from "../../../shared/users";
import { useUsers } from "./api";
import { AdminRoleDialog, type RoleChange } from "./admin-role-dialog";
import { PersonRow, ROW_COLUMNS } from "./person-row";
import { useScreenPageMeta } from "../../lib/use-screen-page-meta";

/** How long typing pauses before the list is searched. */
const SEARCH_DELAY_MS = 300;

function AdminAccessRequired() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <ShieldAlert className="h-12 w-12 text-accent" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold">
        <Trans>Admin Access Required</Trans>
      </h1>
      <p className="mt-3 text-ink-soft">
        <Trans>Only admins can see and manage the people who use Dragon Grid.</Trans>
      </p>
      <Link href="/profile" className={buttonClass("primary", "mt-8")}>
        <Trans>Go to your Profile</Trans>
      </Link>
    </div>
  );
}

/** /admin/users: everyone who signed up, searchable by name and e-mail, who is an admin (decision 030) and who has Pro (decision 031). */
export function UsersPage() {
  useScreenPageMeta("/admin/users");
  const { t } = useLingui();
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner label={t`Loading`} />;
  if (!user?.isAdmin) return <AdminAccessRequired />;
  return <People selfId={user.id} />;
}

function People({ selfId }: { selfId: string }) {
  const { t, i18n } = useLingui();
  const searchId = useId();
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  // The offset belongs to one search: a new search starts at its first page.
  const [page, setPage] = useState({ search: "", offset: 0 });
  const offset = page.search === search ? page.offset : 0;
  const people = useUsers(search, offset, true);
  const [change, setChange] = useState<RoleChange | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  // Enter searches at once.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
  };
  const clear = () => {
    setTyped("");
    setSearch("");
    document.getElementById(searchId)?.focus();
  };
  const goTo = (next: number) => {
    setPage({ search, offset: next });
    document.getElementById("people-heading")?.scrollIntoView({ block: "start", behavior: "smooth" });
  };

  const items = people.data?.items ?? [];
  const total = people.data?.total ?? 0;
  const proSetting = people.data?.proSetting ?? "off";
  const updating = people.isFetching && people.isPlaceholderData;
  const found = search
    ? t({ message: plural(total, { one: `# person found for “${search}”`, other: `# people found for “${search}”` }) })
    : t({ message: plural(total, { one: "# person", other: "# people" }) });
  const from = i18n.number(offset + 1);
  const to = i18n.number(Math.min(offset + items.length, total));
  const all = i18n.number(total);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-12">
      <h1 id="people-heading" className="scroll-mt-24 text-4xl font-bold">
        <Trans>People</Trans>
      </h1>
      <p className="mt-1 text-ink-soft">
        {proSetting === "granted" ? (
          <Trans>
            Everyone who signed up, newest first. Find someone by name or e-mail, and choose who else runs Dragon Grid
            and who has Pro.
          </Trans>
        ) : (
          <Trans>
            Everyone who signed up, newest first. Find someone by name or e-mail, and choose who else runs Dragon Grid.
          </Trans>
        )}
      </p>
      {proSetting === "everyone" && (
        <p className="mt-3 flex items-start gap-2 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <Sparkles className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <Trans>Pro is on for everyone: every verified member has it, so there is nothing to grant here.</Trans>
        </p>
      )}

      <form role="search" onSubmit={submit} className="mt-6 grid gap-1.5">
        <label htmlFor={searchId} className="text-sm font-semibold text-ink">
          <Trans>Search people</Trans>
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute start-3.5 top-1/2 h-5 w-5 -translate-y-1/2 text-ink-soft"
            aria-hidden
          />
          <input
            id={searchId}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            maxLength={PEOPLE_SEARCH_MAX}
            placeholder={t`Name or e-mail`}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${searchId}-count`}
            className="min-h-12 w-full min-w-0 rounded-full border border-line bg-white ps-11 pe-14 text-base text-ink shadow-sm placeholder:text-ink-soft/70 focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30 [&::-webkit-search-cancel-button]:appearance-none"
          />
          {typed && (
            <button
              type="button"
              onClick={clear}
              aria-label={t`Clear the search`}
              className="absolute end-0.5 top-1/2 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full text-ink-soft hover:bg-paper-deep hover:text-ink"
            >
              <X className="h-5 w-5" aria-hidden />
            </button>
          )}
        </div>
        <p id={`${searchId}-count`} role="status" className="min-h-5 text-sm text-ink-soft">
          {people.data && found}
          {updating && (
            <>
              {" "}
              <Trans>· updating...</Trans>
            </>
          )}
        </p>
      </form>

      <div className="mt-4">
        {people.isPending ? (
          <div role="status" className="flex flex-col items-center justify-center gap-4 py-16 text-ink-soft">
            <span className="h-10 w-10 animate-spin rounded-full border-4 border-line border-t-accent" aria-hidden />
            <Trans>Loading people...</Trans>
          </div>
        ) : people.isError && !people.data ? (
          <Card role="alert" className="p-6 text-center text-ink-soft">
            <Trans>The list of people could not be loaded. Please check your connection and try again.</Trans>
            <div className="mt-4">
              <Button variant="secondary" onClick={() => void people.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            </div>
          </Card>
        ) : items.length === 0 ? (
          <Card className="border-dashed p-10 text-center">
            <SearchX className="mx-auto h-10 w-10 text-accent" aria-hidden />
            <h2 className="mt-3 text-2xl font-bold">
              <Trans>No people match your search</Trans>
            </h2>
            <p className="mt-1 text-ink-soft">
              <Trans>Try part of a first name, a last name or an e-mail address.</Trans>
            </p>
            {search && (
              <Button variant="secondary" className="mt-5" onClick={clear}>
                <Trans>Clear search</Trans>
              </Button>
            )}
          </Card>
        ) : (
          <Card className={`overflow-hidden transition-opacity ${updating ? "opacity-60" : ""}`} aria-busy={updating}>
            <div
              aria-hidden
              className={`hidden border-b border-line bg-paper-deep/60 px-6 py-2.5 text-xs font-semibold uppercase tracking-wide text-ink-soft md:grid md:gap-4 ${ROW_COLUMNS}`}
            >
              <span>
                <Trans>Person</Trans>
              </span>
              <span>
                <Trans>Status</Trans>
              </span>
              <span>
                <Trans>Registered</Trans>
              </span>
              <span className="text-end">
                {proSetting === "granted" ? <Trans>Admin access and Pro</Trans> : <Trans>Admin access</Trans>}
              </span>
            </div>
            <ul aria-label={t`People`} className="divide-y divide-line">
              {items.map((person) => (
                <PersonRow
                  key={person.id}
                  person={person}
                  isSelf={person.id === selfId}
                  proButtons={proSetting === "granted"}
                  onChange={(asked) => setChange({ person, ...asked })}
                />
              ))}
            </ul>
          </Card>
        )}
      </div>

      {total > PEOPLE_PAGE_SIZE && items.length > 0 && (
        <nav aria-label={t`Pages of people`} className="mt-4 flex items-center justify-between gap-3">
          <Button
            variant="secondary"
            onClick={() => goTo(Math.max(0, offset - PEOPLE_PAGE_SIZE))}
            disabled={offset === 0 || updating}
          >
            <ChevronLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden /> <Trans>Previous</Trans>
          </Button>
          <span className="text-center text-sm text-ink-soft">
            <Trans>
              {from}–{to} of {all}
            </Trans>
          </span>
          <Button
            variant="secondary"
            onClick={() => goTo(offset + PEOPLE_PAGE_SIZE)}
            disabled={offset + PEOPLE_PAGE_SIZE >= total || updating}
          >
            <Trans>Next</Trans> <ChevronRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
          </Button>
        </nav>
      )}

      <AdminRoleDialog change={change} selfId={selfId} onClose={() => setChange(null)} />
    </div>
  );
}
