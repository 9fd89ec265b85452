/** Pro (decision 031): the refusal for people without it, and what each private picture may be called. */
export const PRO_REQUIRED = /*i18n*/ "This is part of Dragon Grid Pro";

/** The PRO setting as the client learns it (GET /api/auth/user): off, granted per person, or everyone verified. */
export type ProSetting = "off" | "granted" | "everyone";
