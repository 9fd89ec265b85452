import { createElement, forwardRef, type ReactNode, type SVGProps } from "react";
import type { LucideIconData } from "lucide-react";

interface IconProps extends SVGProps<SVGSVGElement> {
  size?: string | number;
  children?: ReactNode;
}

const labels = (name: string) => name.startsWith("aria-") || name === "role" || name === "title";

/**
 * lucide-react's `createLucideIcon`, which its every icon calls, without the parts this app never
 * uses (LucideProvider's context, `absoluteStrokeWidth`, `nonScalingStroke`, the name-and-node
 * form, display names): the same `<svg>`, attribute for attribute, with about 0.9 KB gzip less in
 * every page's first load.
 * vite.config.ts puts it in place of lucide-react's own (decision 058); lucide-icon.test.ts checks
 * both render the same markup.
 */
export default function createLucideIcon(icon: LucideIconData) {
  const viewBoxWidth = icon.size ?? icon.width ?? 24;
  const viewBoxHeight = icon.size ?? icon.height ?? 24;
  return forwardRef<SVGSVGElement, IconProps>(function LucideIcon(
    { color = "currentColor", size, width, height, strokeWidth = 2, className = "", children, ...rest },
    ref,
  ) {
    const classes = new Set(
      [
        "lucide",
        icon.name && `lucide-${icon.name}`,
        ...(icon.aliases ?? []).map((alias) => alias.trim() && `lucide-${alias}`),
      ]
        .concat(className.split(/\s+/))
        .filter(Boolean),
    );
    return createElement(
      "svg",
      {
        ref,
        xmlns: "http://www.w3.org/2000/svg",
        width: width ?? size ?? 24,
        height: height ?? size ?? 24,
        viewBox: `0 0 ${viewBoxWidth} ${viewBoxHeight}`,
        fill: "none",
        stroke: color || "currentColor",
        strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: [...classes].join(" "),
        ...(children || Object.keys(rest).some((name) => labels(name) && rest[name as keyof typeof rest] != null)
          ? {}
          : { "aria-hidden": "true" }),
        ...rest,
      },
      [
        ...icon.node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes })),
        ...(Array.isArray(children) ? children : [children]),
      ],
    );
  });
}
