import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { isTemplateLevel, type TemplateLevel } from "../../../shared/dragons/levels";
import type { Dragon } from "../../../shared/dragons/responses";
import { useHydrated } from "../../lib/use-hydrated";

// The library's level filter and order (decision 072). The choice lives in the address
// (`/home?level=2&sort=easiest`): linkable, kept on reload and on the way back from a dragon. The
// server renders every template newest first; the page takes the address's choice once it is up,
// so it hydrates as rendered and filters right after. The controls (level-filter.tsx) load after
// the page, their server-rendered HTML standing until then: the view and its setter keep their
// identity, so nothing updates them before they hydrate.

const SORTS = ["newest", "easiest", "hardest"] as const;
export type Sort = (typeof SORTS)[number];

export interface LibraryView {
  level: TemplateLevel | null;
  sort: Sort;
}

const EVERYTHING: LibraryView = { level: null, sort: "newest" };

function fromAddress(search: string): LibraryView {
  if (!search) return EVERYTHING;
  const params = new URLSearchParams(search);
  const level = Number(params.get("level"));
  const sort = params.get("sort");
  return {
    level: isTemplateLevel(level) ? level : null,
    sort: (SORTS as readonly string[]).includes(sort ?? "") ? (sort as Sort) : "newest",
  };
}

function toAddress(view: LibraryView): string {
  const params = new URLSearchParams();
  if (view.level) params.set("level", String(view.level));
  if (view.sort !== "newest") params.set("sort", view.sort);
  const search = params.toString();
  return search ? `/home?${search}` : "/home";
}

/** The address's choice (everything, newest first, while the page hydrates) and a way to change it. */
export function useLibraryView(): [LibraryView, (view: LibraryView) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const hydrated = useHydrated();
  const view = useMemo(() => (hydrated ? fromAddress(search) : EVERYTHING), [hydrated, search]);
  const choose = useCallback((next: LibraryView) => navigate(toAddress(next), { replace: true }), [navigate]);
  return [view, choose];
}

/** The templates the view shows, in its order; a template still being measured only among all, last when ordered by level. */
export function arrange(dragons: Dragon[], view: LibraryView): Dragon[] {
  const shown = view.level ? dragons.filter((dragon) => dragon.level === view.level) : dragons;
  if (view.sort === "newest") return shown;
  const way = view.sort === "easiest" ? 1 : -1;
  // Array.prototype.sort is stable: templates of one level keep the library's order, newest first.
  return [...shown].sort((a, b) => {
    if (a.level === null || b.level === null) return (a.level === null ? 1 : 0) - (b.level === null ? 1 : 0);
    return (a.level - b.level) * way;
  });
}
