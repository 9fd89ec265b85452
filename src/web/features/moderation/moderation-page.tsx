import { useState } from "react";
import { Link, useSearch } from "wouter";
import * as Tabs from "@radix-ui/react-tabs";
import { ShieldAlert } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { buttonClass } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { useAuth } from "../../lib/auth";
import { AuditLog } from "./audit-log";
import { useModerationCounts } from "./api";
import { Queue } from "./queue";
import { useScreenPageMeta } from "../../lib/use-screen-page-meta";
import { directionOf } from "../../../shared/i18n/locales";

type Tab = "pending" | "reported" | "log";
const TABS: Tab[] = ["pending", "reported", "log"];

function AdminAccessRequired() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <ShieldAlert className="h-12 w-12 text-accent" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold">
        <Trans>Admin Access Required</Trans>
      </h1>
      <p className="mt-3 text-ink-soft">
        <Trans>Only admins can moderate the community feed.</Trans>
      </p>
      <Link href="/feed" className={buttonClass("primary", "mt-8")}>
        <Trans>Go to the Feed</Trans>
      </Link>
    </div>
  );
}

const tabClass =
  "inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-full px-3 text-center text-sm leading-tight font-semibold text-ink-soft transition-colors hover:text-ink data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm sm:flex-none sm:whitespace-nowrap sm:px-5";

function Count({ value }: { value: number | undefined }) {
  const { i18n } = useLingui();
  if (value === undefined) return null;
  return (
    <span
      className={`min-w-6 rounded-full px-1.5 text-xs font-bold tabular-nums ${value > 0 ? "bg-accent text-white" : "bg-line text-ink-soft"}`}
    >
      {i18n.number(value)}
    </span>
  );
}

/** /admin/moderation: posts waiting for approval, reported posts and comments, and the audit log. */
export function ModerationPage() {
  useScreenPageMeta("/admin/moderation");
  const { t, i18n } = useLingui();
  const { user, isLoading } = useAuth();
  const initial = new URLSearchParams(useSearch()).get("tab");
  const [tab, setTab] = useState<Tab>(TABS.includes(initial as Tab) ? (initial as Tab) : "pending");
  const counts = useModerationCounts(Boolean(user?.isAdmin));

  if (isLoading) return <Spinner label={t`Loading`} />;
  if (!user?.isAdmin) return <AdminAccessRequired />;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 md:py-12">
      <h1 className="text-4xl font-bold">
        <Trans>Moderation</Trans>
      </h1>
      <p className="mt-1 text-ink-soft">
        <Trans>Approve new drawings, act on reports, and see what every admin did and why.</Trans>
      </p>
      {/* Radix Tabs are left to right unless told: the page's direction, for a right-to-left language. */}
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setTab(value as Tab)}
        dir={directionOf(i18n.locale)}
        className="mt-6"
      >
        <Tabs.List
          aria-label={t`Moderation`}
          className="flex gap-1 overflow-x-auto rounded-full border border-line bg-paper-deep p-1"
        >
          <Tabs.Trigger value="pending" className={tabClass}>
            <span>
              <Trans>
                Waiting<span className="sr-only sm:not-sr-only"> for approval</span>
              </Trans>
            </span>
            <Count value={counts.data?.pending} />
          </Tabs.Trigger>
          <Tabs.Trigger value="reported" className={tabClass}>
            <Trans>Reported</Trans> <Count value={counts.data?.reported} />
          </Tabs.Trigger>
          <Tabs.Trigger value="log" className={tabClass}>
            <Trans>Audit log</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="pending" className="mt-6 focus-visible:outline-none">
          {tab === "pending" && <Queue tab="pending" />}
        </Tabs.Content>
        <Tabs.Content value="reported" className="mt-6 focus-visible:outline-none">
          {tab === "reported" && <Queue tab="reported" />}
        </Tabs.Content>
        <Tabs.Content value="log" className="mt-6 focus-visible:outline-none">
          {tab === "log" && <AuditLog />}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
