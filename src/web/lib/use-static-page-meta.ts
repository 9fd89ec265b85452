import { useLingui } from "@lingui/react";
import { getStaticPageMeta } from "../../shared/static-page-meta";
import { notFoundMetaIn } from "../../shared/page-meta";
import { usePageMeta } from "./page-meta";

/** The head tags of a page without data of its own (shared/static-page-meta.ts), in the page's language. */
export function useStaticPageMeta(pathname: string) {
  const { i18n } = useLingui();
  usePageMeta(
    getStaticPageMeta(pathname, (english) => i18n._(english)) ?? notFoundMetaIn((english) => i18n._(english)),
  );
}
