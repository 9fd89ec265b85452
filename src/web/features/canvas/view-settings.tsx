import { useId, type ReactNode } from "react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Switch } from "../../components/ui/switch";
import {
  GRID_COLORS,
  GRID_OPACITY,
  GRID_RGB,
  GRID_THICKNESS,
  IMAGE_MODES,
  IMAGE_MODE_NAMES,
  type GridView,
  type ImageMode,
} from "../../../shared/grid/grid-view";
import { selectClass } from "../../components/ui/form-parts";
import { OUTLINE_DETAILS, OUTLINE_DETAIL_NAMES, type OutlineDetail } from "../../../shared/grid/outline";
import { LADDER_STEPS, LADDER_STEP_NAMES, ladderStep, viewAtStep, type LadderStep } from "../../../shared/grid/ladder";

const COLOR_NAMES = { dark: msg`Dark`, light: msg`Light`, accent: msg`Accent` } as const;

/**
 * Grid line colour, thickness, opacity, diagonals, and the picture's view (decision 013): the value
 * views, and the outline with its detail where the template has its outline drawn (decision 073).
 */
export function ViewSettings({
  view,
  hasOutline,
  onChange,
}: {
  view: GridView;
  hasOutline: boolean;
  onChange: (change: Partial<GridView>) => void;
}) {
  const id = useId();
  const { t, i18n } = useLingui();
  return (
    <fieldset className="mt-5">
      <legend className="text-sm font-bold uppercase tracking-wider text-ink-soft">
        <Trans>Grid &amp; Picture</Trans>
      </legend>
      {/* In the desktop's narrow side panel each colour's name goes under its dot, where it has the button's width. */}
      <div role="radiogroup" aria-label={t`Grid color`} className="@container mt-2 grid grid-cols-3 gap-2">
        {GRID_COLORS.map((color) => (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={view.gridColor === color}
            onClick={() => onChange({ gridColor: color })}
            className={`flex min-h-11 min-w-0 flex-col items-center justify-center gap-0.5 rounded-xl border px-1 py-1 text-center text-sm leading-tight font-semibold break-words hyphens-auto @xs:flex-row @xs:gap-1.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent ${view.gridColor === color ? "border-accent bg-accent/10 text-ink" : "border-line bg-white text-ink-soft"}`}
          >
            <span
              className="h-3.5 w-3.5 shrink-0 rounded-full border border-line"
              style={{ background: `rgb(${GRID_RGB[color].join(",")})` }}
              aria-hidden
            />
            {i18n._(COLOR_NAMES[color])}
          </button>
        ))}
      </div>
      <div className="mt-3 grid gap-1.5">
        <label htmlFor={`${id}-thickness`} className="flex justify-between text-sm font-semibold text-ink">
          <Trans>Line thickness</Trans>{" "}
          <span className="tabular-nums text-ink-soft">{i18n.number(view.gridThickness)}×</span>
        </label>
        <input
          id={`${id}-thickness`}
          type="range"
          className="min-h-11 accent-accent"
          min={GRID_THICKNESS.min}
          max={GRID_THICKNESS.max}
          step={GRID_THICKNESS.step}
          value={view.gridThickness}
          onChange={(e) => onChange({ gridThickness: Number(e.target.value) })}
        />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-opacity`} className="flex justify-between text-sm font-semibold text-ink">
          <Trans>Line opacity</Trans>{" "}
          <span className="tabular-nums text-ink-soft">{i18n.number(view.gridOpacity, { style: "percent" })}</span>
        </label>
        <input
          id={`${id}-opacity`}
          type="range"
          className="min-h-11 accent-accent"
          min={GRID_OPACITY.min}
          max={GRID_OPACITY.max}
          step={GRID_OPACITY.step}
          value={view.gridOpacity}
          onChange={(e) => onChange({ gridOpacity: Math.round(Number(e.target.value) * 10) / 10 })}
        />
      </div>
      <SelectField
        label={<Trans>Grid lines</Trans>}
        value={ladderStep(view)}
        options={LADDER_STEPS.map((step) => ({
          value: step,
          label: `${i18n.number(step)}. ${i18n._(LADDER_STEP_NAMES[step])}`,
        }))}
        onChange={(step) => onChange(viewAtStep(Number(step) as LadderStep))}
      />
      {view.gridLines === "full" && (
        <div className="mt-1">
          <Switch
            label={t`Diagonals`}
            description={t`Corner-to-corner lines in every cell help with angles`}
            checked={view.diagonals}
            onCheckedChange={(diagonals) => onChange({ diagonals })}
          />
        </div>
      )}
      <SelectField
        label={<Trans>Picture</Trans>}
        value={view.imageMode}
        options={IMAGE_MODES.filter((mode) => mode !== "outline" || hasOutline).map((mode) => ({
          value: mode,
          label: i18n._(IMAGE_MODE_NAMES[mode]),
        }))}
        onChange={(mode) => onChange({ imageMode: mode as ImageMode })}
      />
      {view.imageMode === "outline" && hasOutline && (
        <SelectField
          label={<Trans>Outline detail</Trans>}
          value={view.outlineDetail}
          options={OUTLINE_DETAILS.map((detail) => ({ value: detail, label: i18n._(OUTLINE_DETAIL_NAMES[detail]) }))}
          onChange={(detail) => onChange({ outlineDetail: Number(detail) as OutlineDetail })}
        />
      )}
    </fieldset>
  );
}

/** A labelled select of the view's settings. */
function SelectField({
  label,
  value,
  options,
  onChange,
}: {
  label: ReactNode;
  value: string | number;
  options: { value: string | number; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="mt-3 grid gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
