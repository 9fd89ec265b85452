import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { apiQueryKey, callApi } from "../../lib/api-client";
import { keepVisitorChecks, noteVisitorPracticeDay, readVisitorChecks } from "../../lib/visitor-learning";
import { CHECKS_KEPT, type KeptCell, type KeptCheck, type SaveCheck } from "../../../shared/drawing-check/kept-checks";

/**
 * The drawing checks kept with this learner's progress for a dragon (decision 028): on the server
 * when signed in, in this browser for visitors; the newest 20, oldest first. `keep` adds one and
 * answers it; `keepPhoto` (members) keeps a photo with a kept check; `keepPractice` a photographed
 * practice sheet's verdicts with the check it was made from (decision 067).
 */
export function useKeptChecks(dragonId: string, signedIn: boolean) {
  const client = useQueryClient();

  const key = apiQueryKey("GET /api/checks/:dragonId", { params: { dragonId } });
  const server = useQuery({
    queryKey: key,

    queryFn: () => callApi("GET /api/checks/:dragonId", { params: { dragonId } }),
    enabled: signedIn,
    staleTime: 60_000,
  });
  const [visitor, setVisitor] = useState(() => readVisitorChecks(dragonId));

  const storeVisitorChecks = (next: KeptCheck[]) => {
    // Storage full or blocked: the chart shows this visit's checks only.
    keepVisitorChecks(dragonId, next);
    setVisitor(next);
  };

  const keep = async (check: SaveCheck): Promise<KeptCheck> => {
    if (signedIn) {
      const kept = await callApi("POST /api/checks/:dragonId", { params: { dragonId }, body: check });
      client.setQueryData<KeptCheck[]>(key, (before) => [...(before ?? []), kept].slice(-CHECKS_KEPT));
      return kept;
    }
    const kept: KeptCheck = {
      ...check,
      ladderStep: check.ladderStep ?? null,
      id: crypto.randomUUID(),
      createdAt: new Date().toISOString(),
      photoUrl: null,
      practice: null,
    };
    storeVisitorChecks([...readVisitorChecks(dragonId), kept].slice(-CHECKS_KEPT));
    noteVisitorPracticeDay();
    return kept;
  };

  const keepPhoto = async (checkId: string, objectPath: string): Promise<void> => {
    const kept = await callApi("PUT /api/checks/:dragonId/:checkId/photo", {
      params: { dragonId, checkId },
      body: { objectPath },
    });
    client.setQueryData<KeptCheck[]>(key, (before) =>
      (before ?? []).map((check) => (check.id === kept.id ? kept : check)),
    );
  };

  const keepPractice = async (checkId: string, cells: KeptCell[]): Promise<void> => {
    if (signedIn) {
      const kept = await callApi("PUT /api/checks/:dragonId/:checkId/practice", {
        params: { dragonId, checkId },
        body: { cells },
      });
      client.setQueryData<KeptCheck[]>(key, (before) =>
        (before ?? []).map((check) => (check.id === kept.id ? kept : check)),
      );
      return;
    }
    const practice = { cells, practisedAt: new Date().toISOString() };
    storeVisitorChecks(
      readVisitorChecks(dragonId).map((check) => (check.id === checkId ? { ...check, practice } : check)),
    );
    noteVisitorPracticeDay();
  };

  return { checks: signedIn ? (server.data ?? []) : visitor, keep, keepPhoto, keepPractice };
}
