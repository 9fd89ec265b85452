import { describe, expect, it } from "vitest";
import { injectHead, jsonForScript, renderHeadTags } from "./head-tags";

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dragon Grid</title>\n<!--head-tags--><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`;

describe("head tags", () => {
  it("escapes people's text in the title, the meta tags and the structured data", () => {
    const payload = `"><img src=x onerror=window.__pwned=1></title><script>alert(1)</script>`;
    const head = renderHeadTags(
      { title: payload, description: payload, image: "/og.png", jsonLd: { headline: payload } },
      "https://dragongrid.example",
      "/blog/x",
    );
    expect(head).not.toContain("<img");
    expect(head).not.toMatch(/<script>|<\/title><script/);
    expect(head).toContain(
      "<title>&quot;&gt;&lt;img src=x onerror=window.__pwned=1&gt;&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>",
    );
    expect(jsonForScript({ headline: payload })).not.toMatch(/[<>&]/);
  });

  it("places text holding replacement patterns ($` $' $& $$) as it is", () => {
    const title = "Cash $` $' $& $$ Dragon";
    const page = injectHead(TEMPLATE, `<title>${title}</title>`);
    expect(page).toBe(
      TEMPLATE.replace(/<title>Dragon Grid<\/title>\n<!--head-tags-->/, () => `<title>${title}</title>`),
    );
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page).toContain(`<title>${title}</title><script type="module"`);
  });
});
