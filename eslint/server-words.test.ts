import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The project's own lint configuration over server code: words a person reads are marked messages
// of the server's catalog (decision 057); code that is not words passes.
const eslint = new ESLint({ cwd: new URL("..", import.meta.url).pathname });

async function wordErrors(code: string, filePath = "src/server/features/dragons/plugin.ts"): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === "words/server-words").length;
}

const head = 'import { HttpError } from "../../http/errors";\n';

describe("server words (decision 057)", () => {
  it.each([
    ["an unmarked refusal", `${head}export const f = () => { throw new HttpError(404, "Dragon not found"); };\n`],
    [
      "a refusal built with ${…}",
      `${head}export const f = (n: number) => new HttpError(400, \`Image \${n} is missing\`);\n`,
    ],
    ["an unmarked translated sentence", 'export const f = (t: (id: string) => string) => t("Logged out");\n'],
    ["an unmarked message constant", 'export const GONE_MESSAGE = "This link has gone";\n'],
    ["an unmarked sentence constant", 'const JOINED = "You are on the list now.";\nexport const f = () => JOINED;\n'],
    [
      "a refusal class's unmarked words",
      `${head}export class Gone extends HttpError { constructor() { super(410, "It has gone"); } }\n`,
    ],
  ])("refuses %s", async (_name, code) => {
    expect(await wordErrors(code)).toBeGreaterThan(0);
  });

  it.each([
    ["a marked refusal", `${head}export const f = () => new HttpError(404, /*i18n*/ "Dragon not found");\n`],
    [
      "an ICU message with values",
      `${head}export const f = (n: number) => new HttpError(400, /*i18n*/ "Image {n} is missing", { values: { n } });\n`,
    ],
    [
      "a refusal named by a constant",
      `${head}const GONE = /*i18n*/ "It has gone";\nexport const f = () => new HttpError(410, GONE);\n`,
    ],
    ["a constant that is not words", 'export const QUEUE_NAME = "image-jobs";\nexport const SITE = "Dragon Grid";\n'],
  ])("lets %s through", async (_name, code) => {
    expect(await wordErrors(code)).toBe(0);
  });
});
