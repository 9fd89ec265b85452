import path from "node:path";

// Feature boundaries (decisions 023, 041): a file in src/{server,web}/features/<name>/ may import the
// core of its side and src/shared, never another feature. Each specifier is resolved from the file
// that holds it, so every form is caught: static imports and re-exports, `import()`, `typeof
// import()` types, and relative paths of any depth (`../other/x`, `../../features/other/x`).
// Pages that compose several features live in src/web/app, which this rule does not cover.

const FEATURE_FILE = /^(.*)[\\/]src[\\/](server|web)[\\/]features[\\/]([^\\/]+)[\\/]/;

/** The feature a relative specifier lands in, or null when it leaves the features folder. */
function featureOf(featuresDir, fromFile, specifier) {
  if (!specifier.startsWith(".")) return null;
  const relative = path.relative(featuresDir, path.resolve(path.dirname(fromFile), specifier));
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0];
}

/** A specifier written as a literal: a string, or a template without expressions. */
function literalValue(node) {
  if (node?.type === "Literal" && typeof node.value === "string") return node.value;
  if (node?.type === "TemplateLiteral" && node.expressions.length === 0) return node.quasis[0].value.cooked;
  if (node?.type === "TSLiteralType") return literalValue(node.literal);
  return null;
}

export const featureBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "A feature imports the core of its side and src/shared, never another feature." },
    messages: {
      crossFeature:
        "src/{{side}}/features/{{feature}} may not import the {{other}} feature: move what both need into the core, or compose them in src/web/app (decision 023).",
    },
    schema: [],
  },
  create(context) {
    const match = FEATURE_FILE.exec(path.resolve(context.filename));
    if (!match) return {};
    const [, root, side, feature] = match;
    const featuresDir = path.join(root, "src", side, "features");
    const check = (source) => {
      const specifier = literalValue(source);
      const other = specifier === null ? null : featureOf(featuresDir, context.filename, specifier);
      if (other && other !== feature)
        context.report({ node: source, messageId: "crossFeature", data: { side, feature, other } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => node.source && check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // typescript-eslint 8 names the specifier `source`; earlier versions `argument`.
      TSImportType: (node) => check(node.source ?? node.argument),
    };
  },
};
