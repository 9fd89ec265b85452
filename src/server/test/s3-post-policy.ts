import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { buffer as readAll } from "node:stream/consumers";

/** The part of a Koa context the check uses (s3rver is a Koa app; Koa's types are not installed). */
interface PostContext {
  method: string;
  path: string;
  req: IncomingMessage | Readable;
  status: number;
  type: string;
  body: unknown;
  get(header: string): string;
}

type Condition = Record<string, string> | [string, string | number, string | number];

// Form fields S3 does not hold to the policy.
const EXEMPT = new Set(["policy", "x-amz-signature", "file"]);

/**
 * S3's POST policy rules, which s3rver does not apply (it takes any form): the signature over the
 * policy, its expiry, a condition for every field, each condition met, and `content-length-range`
 * for the file. Written from the S3 documentation ("Creating a POST policy"), so the tests can
 * show that what our presigned forms allow is what S3 would allow. Answers S3's error, or null.
 */
export async function refusedPost(
  ctx: PostContext,
  secretAccessKey: string,
): Promise<{ status: number; code: string; message: string } | null> {
  const body = await readAll(ctx.req);
  // s3rver reads the form again from here.
  ctx.req = Readable.from([body]);
  const form = await new Request("http://s3.test", {
    method: "POST",
    headers: { "content-type": ctx.get("content-type") },
    body,
  }).formData();
  const fields = new Map<string, string>();
  let fileSize = 0;
  for (const [name, value] of form) {
    if (typeof value === "string") fields.set(name.toLowerCase(), value);
    else fileSize = value.size;
  }
  const policyText = fields.get("policy");
  const credential = fields.get("x-amz-credential");
  const signature = fields.get("x-amz-signature");
  if (!policyText || !credential || !signature)
    return { status: 403, code: "AccessDenied", message: "Bucket POST must contain a policy and its signature" };
  const [, date, region, service] = credential.split("/");
  let key = Buffer.from(`AWS4${secretAccessKey}`);
  for (const part of [date!, region!, service!, "aws4_request"])
    key = crypto.createHmac("sha256", key).update(part).digest();
  if (crypto.createHmac("sha256", key).update(policyText).digest("hex") !== signature) {
    return {
      status: 403,
      code: "SignatureDoesNotMatch",
      message: "The request signature we calculated does not match the signature you provided.",
    };
  }
  const policy = JSON.parse(Buffer.from(policyText, "base64").toString("utf8")) as {
    expiration: string;
    conditions: Condition[];
  };
  const invalid = (why: string) => ({
    status: 403,
    code: "AccessDenied",
    message: `Invalid according to Policy: ${why}`,
  });
  if (new Date(policy.expiration).getTime() < Date.now()) return invalid("Policy expired.");
  const bucket = ctx.path.split("/")[1];
  const covered = new Set<string>();
  for (const condition of policy.conditions) {
    const [operator, field, expected] = Array.isArray(condition)
      ? condition
      : ["eq", `$${Object.keys(condition)[0]}`, Object.values(condition)[0]!];
    if (operator === "content-length-range") {
      if (fileSize < Number(field) || fileSize > Number(expected))
        return {
          status: 400,
          code: "EntityTooLarge",
          message: "Your proposed upload exceeds the maximum allowed size",
        };
      continue;
    }
    const name = String(field).replace(/^\$/, "").toLowerCase();
    covered.add(name);
    const value = name === "bucket" ? bucket : fields.get(name);
    const met =
      value !== undefined &&
      (operator === "eq" ? value === expected : operator === "starts-with" && value.startsWith(String(expected)));
    if (!met) return invalid(`Policy Condition failed: ${JSON.stringify(condition)}`);
  }
  const extra = [...fields.keys()].filter(
    (name) => !covered.has(name) && !EXEMPT.has(name) && !name.startsWith("x-ignore-"),
  );
  return extra.length ? invalid(`Extra input fields: ${extra.join(", ")}`) : null;
}

/** Koa middleware (first in s3rver's chain): a bucket POST whose form breaks its policy gets S3's error. */
export function postPolicyCheck(secretAccessKey: string) {
  return async (ctx: PostContext, next: () => Promise<void>) => {
    if (ctx.method !== "POST" || !ctx.get("content-type").startsWith("multipart/form-data")) return next();
    const refused = await refusedPost(ctx, secretAccessKey);
    if (!refused) return next();
    ctx.status = refused.status;
    ctx.type = "application/xml";
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refused.code}</Code><Message>${refused.message}</Message></Error>`;
  };
}
