import type { TemplateLevel } from "../../shared/dragons/levels";
import type { PencilResult } from "./pencil";
import type { OutlineResult } from "./outline";
import { prepareTemplate, type PreparedTemplate } from "./template-pipeline";
import { measureLevel } from "./template-level";

/** Everything the library stores of a new template, made from its original image. */
export interface MadeTemplate {
  prepared: PreparedTemplate;
  level: TemplateLevel;
  /** The outline version (decision 073), unless left for the library's upkeep to draw. */
  outline?: OutlineResult;
  /** The pencil version, when asked for. */
  pencil?: PencilResult;
}

/** How a process renders a template's versions from its hi-res PNG: on a thread (the serving process) or in place. */
export interface VersionRenderers {
  renderPencil: (hires: Buffer) => Promise<PencilResult>;
  renderOutline: (hires: Buffer) => Promise<OutlineResult>;
}

/**
 * Make a template's stored versions and measure its level (one path for every way a template
 * enters): the previews, the outline (unless `outline` is false: a first start leaves its samples'
 * outlines to the library's upkeep, to answer sooner), and the pencil version when asked for.
 */
export async function makeTemplate(
  image: Buffer,
  options: { pencil: boolean; outline?: boolean } & VersionRenderers,
): Promise<MadeTemplate> {
  const prepared = await prepareTemplate(image);
  const { level } = await measureLevel(prepared.hires);
  return {
    prepared,
    level,
    ...(options.outline === false ? {} : { outline: await options.renderOutline(prepared.hires) }),
    ...(options.pencil ? { pencil: await options.renderPencil(prepared.hires) } : {}),
  };
}
