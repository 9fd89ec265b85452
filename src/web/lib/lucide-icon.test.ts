import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { LucideIcon, LucideIconData } from "lucide-react";
import * as arrowLeft from "lucide-react/icons/arrow-left";
import * as grid3x3 from "lucide-react/icons/grid-3x3";
import * as house from "lucide-react/icons/house";
import * as userRound from "lucide-react/icons/user-round";
import createLucideIcon from "./lucide-icon";

// Here (Node, no Vite plugins) "lucide-react" is the package itself: its icons, made by its own
// createLucideIcon, are what the app's must render the same as.
const ICONS = [arrowLeft, grid3x3, house, userRound] as unknown as {
  default: LucideIcon;
  __iconData: LucideIconData;
}[];

const PROPS = [
  {},
  { className: "h-5 w-5", "aria-hidden": true },
  { className: "h-5 w-5 rtl:-scale-x-100 lucide", strokeWidth: 2.4 },
  { "aria-label": "Home", role: "img" },
  { title: "Home" },
  { size: 16, color: "red" },
  { width: 30, height: 20, strokeWidth: 3 },
  { size: 48 },
  { children: createElement("title", null, "A house") },
  { style: { color: "blue" }, "data-x": "1", className: "  spaced   out " },
];

describe("the app's createLucideIcon (vite.config.ts's leanLucideIcons)", () => {
  it("renders every icon exactly as lucide-react does", () => {
    for (const icon of ICONS) {
      const lean = createLucideIcon(icon.__iconData);
      for (const props of PROPS) {
        const expected = renderToStaticMarkup(createElement(icon.default, props));
        expect(
          renderToStaticMarkup(createElement(lean, props)),
          `${icon.__iconData.name} ${JSON.stringify(props)}`,
        ).toBe(expected);
      }
    }
  });

  it("keys an icon's shapes by position once their random keys are taken out", () => {
    const { __iconData: data, default: House } = ICONS[2]!;
    const withoutKeys = data.node.map(([tag, attributes]) => {
      const rest: Record<string, unknown> = { ...attributes };
      delete rest.key;
      return [tag, rest];
    });
    const Lean = createLucideIcon({ ...data, node: withoutKeys } as LucideIconData);
    expect(renderToStaticMarkup(createElement(Lean))).toBe(renderToStaticMarkup(createElement(House)));
  });
});
