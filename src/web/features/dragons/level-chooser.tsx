import { useId } from "react";
import { useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { toast } from "../../components/ui/use-toast";
import { queryClient } from "../../lib/query-client";
import { refreshQueries } from "../../lib/refresh-queries";
import { apiQueryKey, callApi } from "../../lib/api-client";
import { DRAGONS_KEY } from "../../lib/dragons";
import { isTemplateLevel, TEMPLATE_LEVELS } from "../../../shared/dragons/levels";
import type { Dragon } from "../../../shared/dragons/responses";

/** An admin's choice of a template's level (decision 072): as measured, or one of five. */
export function LevelChooser({ dragon }: { dragon: Dragon }) {
  const { t } = useLingui();
  const id = useId();
  const choose = useMutation({
    mutationFn: (level: number | null) =>
      callApi("PUT /api/dragons/:id/level", { params: { id: dragon.id }, body: { level } }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(apiQueryKey("GET /api/dragons/:id", { params: { id: dragon.id } }), updated);
      await refreshQueries({ queryKey: DRAGONS_KEY, exact: true });
      toast({ title: t`Success`, description: t`Level saved.` });
    },
    onError: () => toast({ title: t`Error`, description: t`The level could not be saved.`, variant: "destructive" }),
  });
  const value = dragon.levelChosen && dragon.level !== null ? String(dragon.level) : "";
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink-soft">
        {t`Level`}
      </label>
      <select
        id={id}
        value={value}
        disabled={choose.isPending}
        onChange={(event) => {
          const level = Number(event.target.value);
          choose.mutate(isTemplateLevel(level) ? level : null);
        }}
        className="min-h-11 cursor-pointer rounded-xl border border-line bg-white ps-3.5 pe-9 text-base text-ink focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
      >
        <option value="">{t`As measured`}</option>
        {TEMPLATE_LEVELS.map((level) => (
          <option key={level} value={level}>
            {t`Level ${level}`}
          </option>
        ))}
      </select>
    </div>
  );
}
