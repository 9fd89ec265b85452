import { useLingui } from "@lingui/react";
import { getStaticPageMeta, type PublicPagePath } from "../../shared/static-page-meta";
import { notFoundMetaIn } from "../../shared/page-meta";
import type { TranslateMessage } from "../../shared/i18n/translate";
import { usePageMeta } from "./page-meta";

/** The words `src/shared` keeps for the catalogs (explicit-id messages), in the page's language. */
export function useTranslateMessage(): TranslateMessage {
  const { i18n } = useLingui();
  return (id, values) => i18n._(id, values);
}

/**
 * The head tags of a public page without data of its own (shared/static-page-meta.ts), in the page's
 * language. The other screens' are lib/use-screen-page-meta.ts's, so that a public page's first load
 * carries none of their words (decision 058).
 */
export function useStaticPageMeta(pathname: PublicPagePath) {
  const translate = useTranslateMessage();
  usePageMeta(getStaticPageMeta(pathname, translate) ?? notFoundMetaIn(translate));
}
