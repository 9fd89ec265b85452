// Server words go through the server's catalog (decision 057): the words an API error, an e-mail or
// a notification says are messages whose id is their English ICU text, marked `/*i18n*/` where
// written so `lingui extract` finds them. This rule refuses, in src/server and src/shared:
// - a message written in place without the mark: the second argument of `new HttpError(…)`, the
//   `super(status, …)` of a class extending it, the first of `translate(…)` or `t(…)`, and the `id` of a `{ id, values }` message;
// - a message built with `${…}` (its words could not be translated whole: use ICU placeholders);
// - a constant named like a message (…_MESSAGE, …_SUBJECT), or holding a sentence, whose text is not marked.

const MARK = /^\s*i18n\s*$/;

function marked(context, node) {
  return context.sourceCode.getCommentsBefore(node).some((comment) => MARK.test(comment.value));
}

function check(context, node, where) {
  if (!node) return;
  if (node.type === "TemplateLiteral" && node.expressions.length > 0) {
    context.report({ node, message: `${where} is built with \${…}: write one ICU message with {placeholders}.` });
  } else if ((node.type === "Literal" && typeof node.value === "string") || node.type === "TemplateLiteral") {
    if (!marked(context, node))
      context.report({ node, message: `${where} is words a person reads: mark it /*i18n*/ for the server's catalog.` });
  }
}

// HttpError and the refusals that extend it.
const REFUSALS = new Set(["HttpError", "UploadRejected"]);

const calleeName = (callee) =>
  callee.type === "Identifier" ? callee.name : callee.type === "MemberExpression" ? callee.property.name : null;

export const serverWords = {
  meta: {
    type: "problem",
    docs: { description: "The words the server says are marked messages of its catalog." },
    schema: [],
  },
  create(context) {
    return {
      NewExpression(node) {
        if (REFUSALS.has(calleeName(node.callee))) check(context, node.arguments[1], "An HttpError's message");
      },
      CallExpression(node) {
        // A refusal of its own kind (class UploadRejected extends HttpError): super(status, message).
        if (node.callee.type === "Super" && typeof node.arguments[0]?.value === "number")
          check(context, node.arguments[1], "An HttpError's message");
        const name = calleeName(node.callee);
        if (name === "translate" || name === "t") check(context, node.arguments[0], "A translated message");
      },
      Property(node) {
        if (node.key.type === "Identifier" && node.key.name === "id" && node.parent.type === "ObjectExpression") {
          const hasValues = node.parent.properties.some((p) => p.key?.name === "values" || p.key?.name === "verbatim");
          if (hasValues || isSaidType(node.parent)) check(context, node.value, "A message's id");
        }
      },
      VariableDeclarator(node) {
        if (node.id.type !== "Identifier" || !/^[A-Z][A-Z0-9_]*$/.test(node.id.name)) return;
        const sentence = node.init?.type === "Literal" && /^[A-Z]\S* \S+ \S/.test(String(node.init.value));
        if (sentence || /(_MESSAGE|_SUBJECT)$/.test(node.id.name)) check(context, node.init, `${node.id.name}`);
      },
    };
  },
};

// `{ id: "…" }` alone is a message when it is typed as one (`: Said`, `satisfies Said`) or returned
// where one is expected; an object with only an id and no type says too little, and is left alone.
function isSaidType(object) {
  const parent = object.parent;
  const annotation =
    parent?.type === "TSSatisfiesExpression" || parent?.type === "TSAsExpression"
      ? parent.typeAnnotation
      : parent?.type === "VariableDeclarator"
        ? parent.id.typeAnnotation?.typeAnnotation
        : null;
  return annotation?.type === "TSTypeReference" && annotation.typeName.name === "Said";
}
