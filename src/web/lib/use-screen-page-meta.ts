import { getScreenPageMeta } from "../../shared/screen-page-meta";
import { notFoundMetaIn } from "../../shared/page-meta";
import { usePageMeta } from "./page-meta";
import { useTranslateMessage } from "./use-static-page-meta";

/** The head tags of a screen without data of its own (shared/screen-page-meta.ts), in the page's language. */
export function useScreenPageMeta(pathname: string) {
  const translate = useTranslateMessage();
  usePageMeta(getScreenPageMeta(pathname, translate) ?? notFoundMetaIn(translate));
}
