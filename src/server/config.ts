import { z } from "zod";
import net from "node:net";
import path from "node:path";
import { KEYED_REMOTE_SOURCES, type KeyedRemoteSource } from "../shared/uploads/remote-sources";

/** The remote sources whose keys are set, in the widget's order. */
export const configuredRemoteSources = (config: Config): KeyedRemoteSource[] =>
  KEYED_REMOTE_SOURCES.filter(
    (source) => config[`COMPANION_${PROVIDER_ENV[source]}_KEY`] && config[`COMPANION_${PROVIDER_ENV[source]}_SECRET`],
  );

/** Typed, validated process configuration. Built once at start-up from the environment. */
export type Config = z.infer<typeof configSchema> & { publicUrl: string };

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) => {
          try {
            return protocols.includes(new URL(v).protocol);
          } catch {
            return false;
          }
        },
        `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`,
      )
      .optional(),
  );
const booleanFlag = (fallback: boolean) =>
  z
    .preprocess(emptyToUndefined, z.enum(["true", "false", "1", "0"]).optional())
    .transform((v) => (v === undefined ? fallback : v === "true" || v === "1"));

// A proxy address or range, as Fastify's trustProxy takes them: 10.0.0.1, 10.0.0.0/8, ::1, fc00::/7.
const isAddressOrCidr = (entry: string) => {
  const [address, prefix, ...rest] = entry.split("/");
  const family = net.isIP(address ?? "");
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

/**
 * Which reverse proxies may name the client in X-Forwarded-For. Unset: none, so a client cannot
 * forge its address past the per-address rate limits. A number: that many proxy hops in front of
 * us. Otherwise: a comma-separated list of proxy addresses or CIDR ranges.
 */
const trustProxy = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((value, context): false | number | string[] => {
      if (value === undefined) return false;
      if (/^\d+$/.test(value.trim())) return Number(value.trim());
      const entries = value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = entries.find((entry) => !isAddressOrCidr(entry));
      if (bad !== undefined || !entries.length) {
        context.addIssue({
          code: "custom",
          message: "must be a hop count (1) or a comma-separated list of proxy addresses or CIDR ranges (10.0.0.0/8)",
        });
        return z.NEVER;
      }
      return entries;
    }),
);

/**
 * OAuth apps (API key for Unsplash) of Companion's remote sources, named as Companion's own
 * standalone server names them. A source is offered only when both its key and secret are set.
 */
export const PROVIDER_ENV = {
  drive: "GOOGLE",
  dropbox: "DROPBOX",
  box: "BOX",
  onedrive: "ONEDRIVE",
  facebook: "FACEBOOK",
  unsplash: "UNSPLASH",
} as const satisfies Record<KeyedRemoteSource, string>;
const providerKeys = Object.fromEntries(
  Object.values(PROVIDER_ENV).flatMap((name) => [
    [`COMPANION_${name}_KEY`, optionalString],
    [`COMPANION_${name}_SECRET`, optionalString],
  ]),
) as Record<`COMPANION_${(typeof PROVIDER_ENV)[KeyedRemoteSource]}_${"KEY" | "SECRET"}`, typeof optionalString>;

const configSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
  /** GET /metrics on the app's port answers only with this bearer token (features/metrics). */
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(32, "must be at least 32 characters (openssl rand -hex 32)").optional(),
  ),
  /** A port of its own for GET /metrics, without a token, on METRICS_HOST. */
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
  PUBLIC_URL: optionalUrl(["http:", "https:"]),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"]),
  /** Redis for Companion's shared state (provider sign-ins, upload progress) across server processes. */
  REDIS_URL: optionalUrl(["redis:", "rediss:"]),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl(["http:", "https:"]),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default("us-east-1")),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag(false),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("Dragon Grid <no-reply@dragongrid.local>")),
  ADMIN_EMAILS: z.preprocess(emptyToUndefined, z.string().default("")).transform((v) =>
    v
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.preprocess(emptyToUndefined, z.string().url().default("https://accounts.google.com")),
  GA_MEASUREMENT_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^G-[A-Z0-9]+$/, "must look like G-XXXXXXX")
      .optional(),
  ),
  SEED_SAMPLES: booleanFlag(true),
  /** Who has Pro (decision 031): nobody (the spec's waitlist), people an admin grants it to, or every verified member. */
  PRO: z.preprocess(
    emptyToUndefined,
    z.enum(["off", "granted", "everyone"], { message: "must be off, granted or everyone" }).default("off"),
  ),
  /** AI pictures each Pro member may create a day. */
  PRO_AI_PER_DAY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1000).default(5)),
  UPLOAD_QUOTA_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1024)),
  TRUST_PROXY: trustProxy,
  /** An OpenAI-style images API (base URL, e.g. https://api.openai.com/v1) for admins' AI images. */
  IMAGE_API_URL: optionalUrl(["http:", "https:"]),
  IMAGE_API_KEY: optionalString,
  IMAGE_MODEL: z.preprocess(emptyToUndefined, z.string().default("gpt-image-1")),
  IMAGE_SIZE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{2,4}x\d{2,4}$/, "must look like 1024x1024")
      .default("1024x1024"),
  ),
  IMAGE_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).max(600_000).default(120_000)),
  /** Image jobs (previews, pencil versions, AI pictures, post photos) this process runs at once; 0 leaves them to other servers (decision 034). */
  IMAGE_JOBS_PER_PROCESS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(16).default(1)),
  /** A member's image jobs waiting or running before the next is refused with 429 and Retry-After. */
  IMAGE_JOBS_PER_MEMBER: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).default(10)),
  /** Companion's key for the provider tokens it hands the browser; generated into DATA_DIR when unset. */
  /** The key every signing and encryption key is derived from; several servers must share it (secrets.ts). */
  SECRET_KEY_BASE: z.preprocess(
    emptyToUndefined,
    z.string().min(32, "must be at least 32 characters (openssl rand -hex 32)").optional(),
  ),
  ...providerKeys,
  /**
   * TEST ONLY: let links lead to this machine's loopback addresses (127.0.0.0/8, ::1), so tests can
   * serve images from a local HTTP server; private networks stay refused, redirects included.
   * Never set it on a real server: it opens server-side request forgery against this machine.
   * Refused outside the test runner (no VITEST in the process's environment) and when NODE_ENV=production.
   */
  COMPANION_TEST_ONLY_ALLOW_LOOPBACK: booleanFlag(false),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  /** Where the built client lives; tests point it elsewhere or leave it missing. */
  CLIENT_DIR: z.preprocess(emptyToUndefined, z.string().default(path.resolve("dist/client"))),
  /** The bundled sample templates loaded into an empty library. */
  SAMPLES_DIR: z.preprocess(emptyToUndefined, z.string().default(path.resolve("assets/samples"))),
});

export class ConfigError extends Error {}

/** Parse the environment; throws ConfigError whose message is one line naming the bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(env[name] ?? "")}: ${issue.message}`);
  }
  const c = parsed.data;
  if (c.S3_BUCKET && (!c.S3_ACCESS_KEY_ID || !c.S3_SECRET_ACCESS_KEY)) {
    // The AWS SDK could fall back to ambient credentials, but a half-set S3 config is almost always a mistake.
    if (!!c.S3_ACCESS_KEY_ID !== !!c.S3_SECRET_ACCESS_KEY) {
      throw new ConfigError("Invalid S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY: set both or neither");
    }
  }
  for (const name of Object.values(PROVIDER_ENV)) {
    if (!!c[`COMPANION_${name}_KEY`] !== !!c[`COMPANION_${name}_SECRET`]) {
      throw new ConfigError(`Invalid COMPANION_${name}_KEY/COMPANION_${name}_SECRET: set both or neither`);
    }
  }
  // Several servers on one database must sign with one key: a key generated into each one's own
  // DATA_DIR would make a cookie or link from one server worthless on the next.
  if (c.DATABASE_URL && !c.SECRET_KEY_BASE) {
    throw new ConfigError(
      "SECRET_KEY_BASE is required with DATABASE_URL: every server process must sign cookies and upload links with the same key. Generate one with `openssl rand -hex 32` and give every process the same value.",
    );
  }
  // Whether this process runs under the test runner is the process's own fact, not the settings'
  // (a test passes its settings in `env`): vitest sets VITEST, and the servers the journeys spawn
  // inherit it. `npm start` sets no NODE_ENV, so NODE_ENV could not tell a real server from a test.
  if (c.COMPANION_TEST_ONLY_ALLOW_LOOPBACK && (!process.env.VITEST || env.NODE_ENV === "production")) {
    throw new ConfigError(
      "Invalid COMPANION_TEST_ONLY_ALLOW_LOOPBACK: a test-only setting, refused outside the test runner (vitest) and when NODE_ENV=production",
    );
  }
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, "");
  return { ...c, DATA_DIR: path.resolve(c.DATA_DIR), publicUrl };
}
