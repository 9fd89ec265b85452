import { useEffect } from "react";
import { ogImageFor } from "../../shared/site";
import type { Locale } from "../../shared/i18n/locales";
import type { PageMeta } from "../../shared/page-meta";

function setMeta(attr: "name" | "property", key: string, value: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!tag) {
    tag = document.createElement("meta");
    tag.setAttribute(attr, key);
    document.head.appendChild(tag);
  }
  tag.content = value;
}

/** Keep the document's title, description and social tags in step with the page on screen. */
export function usePageMeta(meta: PageMeta) {
  const { title, description, image } = meta;
  useEffect(() => {
    const url = window.location.origin + window.location.pathname;
    // Without a picture of its own, the page's language's social image (the page's `lang` is one of ours).
    const imageUrl = new URL(image ?? ogImageFor(document.documentElement.lang as Locale), window.location.origin).href;
    document.title = title;
    setMeta("name", "description", description);
    setMeta("property", "og:title", title);
    setMeta("property", "og:description", description);
    setMeta("property", "og:image", imageUrl);
    setMeta("property", "og:url", url);
    setMeta("name", "twitter:card", "summary_large_image");
    setMeta("name", "twitter:title", title);
    setMeta("name", "twitter:description", description);
    setMeta("name", "twitter:image", imageUrl);
  }, [title, description, image]);
}
