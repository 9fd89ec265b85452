import { useId } from "react";
import { ArrowLeftRight } from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import {
  PAPER_PRESETS,
  UNITS,
  UNIT_NAMES,
  orientationOf,
  presetLabel,
  type Orientation,
  type PaperPreset,
  type Unit,
} from "../../../shared/grid/paper";
import type { FieldTexts } from "./canvas-state";
import { selectClass } from "../../components/ui/form-parts";

/** An orientation's name, lower case as in a sentence ("Each page fits on one Letter sheet (portrait)."). */
export const orientationName: Record<Orientation, MessageDescriptor> = {
  portrait: msg`portrait`,
  landscape: msg`landscape`,
};

/** Paper Size (spec) with the presets, the portrait/landscape swap and the unit switch (decision 013). */
export function PaperSettings({
  texts,
  paperWidth,
  paperHeight,
  preset,
  unit,
  onText,
  onPreset,
  onSwap,
  onUnit,
}: {
  texts: FieldTexts;
  paperWidth: number;
  paperHeight: number;
  preset: PaperPreset | null;
  unit: Unit;
  onText: (name: keyof FieldTexts, value: string) => void;
  onPreset: (preset: PaperPreset) => void;
  onSwap: () => void;
  onUnit: (unit: Unit) => void;
}) {
  const id = useId();
  const { t, i18n } = useLingui();
  const orientation = orientationOf(paperWidth, paperHeight);
  const unitHint = unit === "in" ? t`inches` : t`cm`;
  return (
    <fieldset>
      <legend className="text-sm font-bold uppercase tracking-wider text-ink-soft">
        <Trans>Paper Size</Trans>
      </legend>
      <label htmlFor={`${id}-preset`} className="mt-2 block text-sm font-semibold text-ink">
        <Trans>Paper preset</Trans>
      </label>
      {/* The swap goes under the preset where the two do not fit side by side (the desktop's side panel). */}
      <div className="mt-1.5 flex flex-wrap items-center gap-2">
        <div className="min-w-0 flex-[1_1_auto]">
          <select
            id={`${id}-preset`}
            className={selectClass}
            value={preset ?? "custom"}
            onChange={(e) => e.target.value !== "custom" && onPreset(e.target.value as PaperPreset)}
          >
            {PAPER_PRESETS.map((p) => (
              <option key={p} value={p}>
                {presetLabel(p, (id) => i18n._(id))}
              </option>
            ))}
            <option value="custom">{t`Custom`}</option>
          </select>
        </div>
        <Button
          variant="secondary"
          className="shrink-0 px-3"
          onClick={onSwap}
          aria-label={orientation === "landscape" ? t`Landscape (swap to portrait)` : t`Portrait (swap to landscape)`}
          title={t`Swap width and height`}
        >
          <ArrowLeftRight className="h-4 w-4" aria-hidden />{" "}
          <span className="capitalize">{i18n._(orientationName[orientation])}</span>
        </Button>
      </div>
      <div
        role="radiogroup"
        aria-label={t`Units`}
        className="mt-3 grid grid-cols-2 rounded-full border border-line bg-paper-deep p-1"
      >
        {UNITS.map((u) => (
          <button
            key={u}
            type="button"
            role="radio"
            aria-checked={unit === u}
            onClick={() => onUnit(u)}
            className={`min-h-11 rounded-full text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent ${unit === u ? "bg-white text-ink shadow-sm" : "text-ink-soft hover:text-ink"}`}
          >
            {i18n._(UNIT_NAMES[u])}
          </button>
        ))}
      </div>
      <div className="mt-3 grid grid-cols-2 gap-3">
        <TextField
          label={t`Width`}
          type="number"
          inputMode="decimal"
          step={0.1}
          min={0.1}
          value={texts.paperWidth}
          onChange={(e) => onText("paperWidth", e.target.value)}
          hint={unitHint}
        />
        <TextField
          label={t`Height`}
          type="number"
          inputMode="decimal"
          step={0.1}
          min={0.1}
          value={texts.paperHeight}
          onChange={(e) => onText("paperHeight", e.target.value)}
          hint={unitHint}
        />
      </div>
    </fieldset>
  );
}
