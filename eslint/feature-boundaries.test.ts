import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The project's own lint configuration, run over code placed in a feature: each form of reaching
// into another feature is refused, and what a feature may import passes.
const eslint = new ESLint({ cwd: new URL("..", import.meta.url).pathname });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === "local/feature-boundaries")
    .map((message) => message.message);
}

describe("feature boundaries (decisions 023, 041)", () => {
  const refused: [string, string, string][] = [
    [
      "a static import",
      "src/web/features/dragons/page.tsx",
      'import { MyPictures } from "../pictures/my-pictures";\nexport const x = MyPictures;\n',
    ],
    [
      "a type import",
      "src/server/features/posts/feed.ts",
      'import type { Deps } from "../account/account-deps";\nexport type X = Deps;\n',
    ],
    ["a re-export", "src/server/features/posts/index.ts", 'export { registerBlogRoutes } from "../blog/routes";\n'],
    ["a re-export of everything", "src/server/features/posts/index.ts", 'export * from "../blog/routes";\n'],
    [
      "import()",
      "src/web/features/dragons/page.tsx",
      'export const load = () => import("../pictures/picture-owner-actions");\n',
    ],
    [
      "import() of a template without expressions",
      "src/web/features/dragons/page.tsx",
      "export const load = () => import(`../waitlist/pro-waitlist-dialog`);\n",
    ],
    [
      "a typeof import() type",
      "src/web/features/dragons/page.tsx",
      'export type M = typeof import("../pictures/my-pictures");\n',
    ],
    [
      "a path through features/",
      "src/web/features/dragons/page.tsx",
      'import { x } from "../../features/pictures/my-pictures";\nexport const y = x;\n',
    ],
    [
      "a path from a nested folder",
      "src/web/features/canvas/check/dialog.tsx",
      'import { x } from "../../posts/upload-page";\nexport const y = x;\n',
    ],
    [
      "a path up to src and back down",
      "src/server/features/dragons/routes.ts",
      'import { x } from "../../../server/features/pictures/routes";\nexport const y = x;\n',
    ],
    [
      "a feature folder itself",
      "src/server/features/dragons/routes.ts",
      'import { x } from "../pictures";\nexport const y = x;\n',
    ],
  ];
  for (const [form, file, code] of refused) {
    it(`refuses ${form}`, async () => {
      expect(await boundaryErrors(file, code)).toHaveLength(1);
    });
  }

  const allowed: [string, string, string][] = [
    [
      "the same feature",
      "src/web/features/canvas/check/dialog.tsx",
      'import { x } from "../draw-page";\nexport const load = () => import("./share-dialog");\nexport const y = x;\n',
    ],
    [
      "the core and src/shared",
      "src/server/features/posts/feed.ts",
      'import { x } from "../../http/errors";\nimport { y } from "../../../shared/posts";\nexport const z = [x, y];\n',
    ],
    ["packages", "src/server/features/metrics/metrics.ts", 'export const load = () => import("prom-client");\n'],
    [
      "features, from src/web/app",
      "src/web/app/library/library-page.tsx",
      'export const load = () => import("../../features/pictures/my-pictures");\n',
    ],
  ];
  for (const [what, file, code] of allowed) {
    it(`allows ${what}`, async () => {
      expect(await boundaryErrors(file, code)).toEqual([]);
    });
  }

  it("names both features in its message", async () => {
    expect(
      await boundaryErrors(
        "src/web/features/dragons/page.tsx",
        'export const load = () => import("../waitlist/pro-waitlist-dialog");\n',
      ),
    ).toEqual([
      "src/web/features/dragons may not import the waitlist feature: move what both need into the core, or compose them in src/web/app (decision 023).",
    ]);
  });
});
