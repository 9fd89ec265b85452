/** A template's level, from 1 (a simple shape, for a first drawing) to 5 (detailed line art): decision 072. */
export const TEMPLATE_LEVELS = [1, 2, 3, 4, 5] as const;
export type TemplateLevel = (typeof TEMPLATE_LEVELS)[number];

export const isTemplateLevel = (value: unknown): value is TemplateLevel =>
  typeof value === "number" && (TEMPLATE_LEVELS as readonly number[]).includes(value);
