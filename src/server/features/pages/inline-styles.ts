import fs from "node:fs";
import path from "node:path";

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * The page template with the app's stylesheet written into it. A linked stylesheet holds back
 * the first paint until it has arrived, and on a phone's connection it arrives behind the
 * scripts and the hero picture; inline, the page can paint as soon as its HTML is here. Pages
 * after the first are drawn by the client, so nothing is lost by not caching the file.
 */
export function inlineStylesheets(template: string, clientDir: string): string {
  return template.replace(STYLESHEET_LINK, (link, file: string) => {
    const css = fs.readFileSync(path.join(clientDir, file), "utf8");
    // A "</style" inside would end the element early; keep the link then (Tailwind never writes one).
    return /<\/style/i.test(css) ? link : `<style>${css}</style>`;
  });
}
