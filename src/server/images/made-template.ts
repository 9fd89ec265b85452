import type { TemplateLevel } from "../../shared/dragons/levels";
import type { PencilResult } from "./pencil";
import { prepareTemplate, type PreparedTemplate } from "./template-pipeline";
import { measureLevel } from "./template-level";

/** Everything the library stores of a new template, made from its original image. */
export interface MadeTemplate {
  prepared: PreparedTemplate;
  level: TemplateLevel;
  /** The pencil version, when asked for. */
  pencil?: PencilResult;
}

/**
 * Make a template's stored versions and measure its level (one path for every way a template
 * enters); the pencil version with `renderPencil`, which the serving process runs on a thread and
 * a process doing image work alone runs in place.
 */
export async function makeTemplate(
  image: Buffer,
  options: { pencil: boolean; renderPencil: (hires: Buffer) => Promise<PencilResult> },
): Promise<MadeTemplate> {
  const prepared = await prepareTemplate(image);
  const { level } = await measureLevel(prepared.hires);
  return { prepared, level, ...(options.pencil ? { pencil: await options.renderPencil(prepared.hires) } : {}) };
}
