import { useMemo, useState, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { buttonClass } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { useAuth } from "../../lib/auth";
import { useDragons } from "../../lib/dragons";
import { useHydrated } from "../../lib/use-hydrated";
import { useScreenPageMeta } from "../../lib/use-screen-page-meta";
import { apiQueryKey, callApi } from "../../lib/api-client";
import { storeReturnUrl } from "../../lib/return-url";
import { serverMessage } from "../../lib/errors";
import { browserTimeZone, setVisitorGoal } from "../../lib/visitor-learning";
import { LADDER_STEP_NAMES } from "../../../shared/grid/ladder";
import type { LearnerProgress } from "../../../shared/progress/responses";
import { moveVisitorProgress } from "./move-visitor-progress";
import { visitorProgress } from "./visitor-progress";
import { WeeklyGoal } from "./weekly-goal";
import { Milestones } from "./milestones";
import { CheckList } from "./check-list";
import { ChecksOverTime } from "./checks-over-time";

const PROGRESS_KEY = apiQueryKey("GET /api/progress");

/**
 * A member's progress from the server, once whatever this browser kept while they were a visitor
 * has moved into their account; asked again on every visit (the canvas changes it).
 */
function useMemberProgress(enabled: boolean) {
  return useQuery({
    queryKey: PROGRESS_KEY,
    queryFn: async () => {
      // Offline or refused, the visitor's progress stays in this browser for a later visit.
      await moveVisitorProgress().catch(() => undefined);
      return callApi("GET /api/progress");
    },
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** A visitor's progress, from this browser (after hydration: the server has none of it). */
function useVisitorProgress(enabled: boolean, changes: number): LearnerProgress | undefined {
  const hydrated = useHydrated();
  const dragons = useDragons();
  return useMemo(() => {
    if (!enabled || !hydrated || !dragons.data) return undefined;
    return visitorProgress(new Map(dragons.data.map((dragon) => [dragon.id, dragon.name])));
    // `changes` counts the visitor's own edits (their goal), which this browser holds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, hydrated, dragons.data, changes]);
}

/** /progress (decision 075): drawings, checks over time, the grid ladder, the weekly goal and milestones, private to the learner. */
export function ProgressPage() {
  useScreenPageMeta("/progress");
  const { t } = useLingui();
  const { user, isLoading } = useAuth();
  const client = useQueryClient();
  const member = useMemberProgress(Boolean(user));
  const [visitorChanges, setVisitorChanges] = useState(0);
  const visitor = useVisitorProgress(!isLoading && !user, visitorChanges);
  const [saving, setSaving] = useState(false);
  const progress = user ? member.data : visitor;

  const setGoal = async (weeklyGoal: number | null) => {
    if (!user) {
      setVisitorGoal(weeklyGoal);
      setVisitorChanges((n) => n + 1);
      return;
    }
    setSaving(true);
    try {
      const next = await callApi("PUT /api/progress/goal", { body: { weeklyGoal, timeZone: browserTimeZone() } });
      client.setQueryData(PROGRESS_KEY, next);
    } catch (error) {
      toast({
        title: t`Your goal was not saved`,
        description: serverMessage(error) ?? t`Please try again.`,
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  };

  if (member.isError)
    return (
      <Frame>
        <p role="alert" className="mt-4 text-ink">
          <Trans>Your progress could not be loaded. Please try again.</Trans>
        </p>
      </Frame>
    );
  if (!progress) return <Spinner label={t`Loading your progress`} />;
  return (
    <Frame>
      {!user && <VisitorNote />}
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure name={t`Drawings started`} value={progress.started} />
        <Figure name={t`Drawings finished`} value={progress.finished} />
        <Figure name={t`Practice sheets`} value={progress.practiceSheets} />
        <Figure name={t`Grid lines`} value={<LadderStep step={progress.ladderStep} />} words />
      </dl>
      <div className="mt-5 grid gap-5 md:grid-cols-2">
        <Card className="p-6">
          <h2 className="text-xl font-bold">
            <Trans>Practice</Trans>
          </h2>
          <div className="mt-3">
            <WeeklyGoal week={progress.week} saving={saving} onChange={(goal) => void setGoal(goal)} />
          </div>
        </Card>
        <Card className="p-6">
          <h2 className="text-xl font-bold">
            <Trans>Milestones</Trans>
          </h2>
          <Milestones milestones={progress.milestones} />
        </Card>
      </div>
      <Card className="mt-5 p-6">
        <h2 className="text-xl font-bold">
          <Trans>Your checks</Trans>
        </h2>
        {progress.checks.length ? (
          <>
            <ChecksOverTime checks={progress.checks} />
            <p className="mt-2 text-sm text-pretty text-ink-soft">
              <Trans>
                The line is the median distance of your drawn cells from the template's, in mm: lower is closer. Photos
                of one drawing differ by up to 0.3 mm (the band): a change inside it is the photo, not your drawing.
              </Trans>
            </p>
            <CheckList checks={progress.checks} />
          </>
        ) : (
          <div className="mt-3">
            <p className="text-ink-soft">
              <Trans>
                No checks yet. When you have drawn a few cells, photograph your paper with 'Check my drawing' on the
                canvas: each check shows here.
              </Trans>
            </p>
            <Link href="/home" className={buttonClass("secondary", "mt-4")}>
              <Trans>Choose a dragon</Trans>
            </Link>
          </div>
        )}
      </Card>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold">
        <Trans>Your Progress</Trans>
      </h1>
      {children}
    </div>
  );
}

function Figure({ name, value, words = false }: { name: string; value: ReactNode; words?: boolean }) {
  return (
    <div className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm">
      <dt className="text-sm text-ink-soft">{name}</dt>
      <dd className={`mt-1 font-bold text-ink ${words ? "text-lg" : "text-2xl"}`}>{value}</dd>
    </div>
  );
}

function LadderStep({ step }: { step: LearnerProgress["ladderStep"] }) {
  const { i18n } = useLingui();
  return (
    <>
      <Trans>Step {step} of 5</Trans>
      <span className="mt-0.5 block text-sm font-normal text-ink-soft">{i18n._(LADDER_STEP_NAMES[step])}</span>
    </>
  );
}

function VisitorNote() {
  return (
    <p className="mt-2 text-ink-soft">
      <Trans>
        This is kept in this browser only.{" "}
        <Link
          href="/login?tab=register"
          onClick={() => storeReturnUrl("/progress")}
          className="font-semibold text-accent underline underline-offset-2"
        >
          Sign up
        </Link>{" "}
        to keep it in your account, on every device.
      </Trans>
    </p>
  );
}
