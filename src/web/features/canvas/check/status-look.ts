// How each verdict looks and is named, the same in the heat map, its legend and the lists.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { CellStatus } from "../../../../shared/drawing-check/cell-check";
import { CHECK_STATUSES } from "../../../../shared/drawing-check/kept-checks";

export const STATUS_LOOK: Record<CellStatus, { name: MessageDescriptor; fill: string; text: string }> = {
  close: { name: msg`Within 1.5 mm`, fill: "#15803d", text: "#ffffff" },
  near: { name: msg`Within 4 mm`, fill: "#f59e0b", text: "#2b2118" },
  off: { name: msg`Further off`, fill: "#b42318", text: "#ffffff" },
  partial: { name: msg`Partly drawn`, fill: "#bbf7d0", text: "#14532d" },
  "not-drawn": { name: msg`Not drawn yet`, fill: "#e7dccb", text: "#5f5247" },
  empty: { name: msg`Nothing to draw`, fill: "#ffffff", text: "#5f5247" },
};

export const STATUS_ORDER: readonly CellStatus[] = CHECK_STATUSES;
