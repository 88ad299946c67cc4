import { isIP } from "node:net";
import { z } from "zod";

// The only reader of process.env. Parsed lazily so `next build` never needs runtime secrets.
const zTrustedProxies = z
  .string()
  .optional()
  .refine(
    (v) =>
      (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .every((entry) => isIpOrCidr(entry)),
    "TRUSTED_PROXIES must be IP addresses or CIDRs, comma-separated",
  );

const ZEnv = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z.string().min(1, "DATABASE_URL is required (npm start sets it for the embedded database)"),
    // 32 bytes, hex or base64: encrypts network tokens and stored idempotent responses at rest.
    APP_ENCRYPTION_KEY: z
      .string()
      .refine((v) => decodeKey(v) !== null, "APP_ENCRYPTION_KEY must be 32 bytes, hex (64 chars) or base64"),
    NEXTAUTH_SECRET: z.string().min(16, "NEXTAUTH_SECRET must be at least 16 characters"),
    NEXTAUTH_URL: z.string().url().optional(),
    // Reverse proxies whose X-Forwarded-For/-Host/-Proto are believed: IPs or CIDRs, comma-separated.
    // Unset, the client address is the TCP peer's and forwarding headers are dropped (lib/auth/client-address.ts).
    TRUSTED_PROXIES: zTrustedProxies,
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    // Hosts webhooks may reach although they resolve to private/loopback addresses: hostnames, IPs or
    // CIDRs, comma-separated (self-hosted receivers on the LAN; tests).
    WEBHOOK_ALLOWED_PRIVATE_HOSTS: z.string().optional(),
    // Background jobs (see jobsMode below). The Inngest SDK reads its own INNGEST_* variables in server mode.
    INNGEST_MODE: z.enum(["local", "server"]).optional(),
    // Public URL of the app: OAuth redirect URIs registered with the networks are built from it.
    APP_URL: z.string().url().optional(),
    // Set by `npm start` for the server it spawns: the server exits when that process is gone.
    SUPERVISOR_PID: z.coerce.number().int().positive().optional(),
    // Where `npm start` keeps its state (embedded database, secrets, media); default .data in the working directory.
    DATA_DIR: z.string().min(1).optional(),
    // Media files of posts (lib/media): on local disk in MEDIA_DIR (default <DATA_DIR>/media), or in an
    // S3-compatible bucket when MEDIA_S3_BUCKET is set (path-style requests to MEDIA_S3_ENDPOINT, default AWS).
    MEDIA_DIR: z.string().min(1).optional(),
    MEDIA_S3_BUCKET: z.string().min(1).optional(),
    MEDIA_S3_ENDPOINT: z.string().url().optional(),
    MEDIA_S3_REGION: z.string().min(1).default("us-east-1"),
    MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    // Origin of the public media URLs handed to networks (a CDN in front of /media); default the app's URL.
    MEDIA_PUBLIC_URL: z.string().url().optional(),
    // Hosts media downloads may reach although they resolve to private/loopback addresses (same format as
    // WEBHOOK_ALLOWED_PRIVATE_HOSTS).
    MEDIA_ALLOWED_PRIVATE_HOSTS: z.string().optional(),
    // Largest media file accepted (bytes; default 512 MB): files are held in memory while processed.
    // What happens when a success body does not match its contract's response schema (lib/api/response-check.ts):
    // "enforce" answers 500 (default outside production; the test suites), "log" logs it and sends the body.
    API_RESPONSE_CHECK: z.enum(["enforce", "log"]).optional(),
    // GET /readyz (lib/services/health/readiness.ts) fails when the local job runner's last claim poll, or its
    // last pass over the cron schedule, is older than this many seconds.
    READYZ_CLAIM_MAX_AGE_S: z.coerce.number().positive().default(30),
    READYZ_CRON_MAX_AGE_S: z.coerce.number().positive().default(120),
    MEDIA_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(512 * 1024 * 1024),
  })
  .superRefine((e, ctx) => {
    if (!e.MEDIA_S3_BUCKET) return;
    for (const name of ["MEDIA_S3_ACCESS_KEY_ID", "MEDIA_S3_SECRET_ACCESS_KEY"] as const) {
      if (!e[name])
        ctx.addIssue({ code: "custom", path: [name], message: `${name} is required when MEDIA_S3_BUCKET is set` });
    }
  });

// Readable without the rest of the environment (scripts log before a database exists).
export const logLevel = () => ZEnv.shape.LOG_LEVEL.catch("info").parse(process.env.LOG_LEVEL);

// Where background jobs run: "local" = the durable in-process runner on this database (inngest/local-runner);
// "server" = a real Inngest server (self-hosted `inngest start` or Inngest Cloud) configured through the SDK's
// own variables (INNGEST_EVENT_KEY, INNGEST_SIGNING_KEY, INNGEST_BASE_URL, INNGEST_DEV, …).
// INNGEST_MODE picks explicitly; unset, any of those variables means "server", none means "local".
// Readable without the rest of the environment: the Inngest client is built at import time, also during
// `next build`.
export type JobsMode = "local" | "server";
const INNGEST_SERVER_VARS = ["INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_BASE_URL", "INNGEST_DEV"] as const;

export const jobsMode = (): JobsMode => {
  const explicit = process.env.INNGEST_MODE;
  if (explicit) {
    const parsed = ZEnv.shape.INNGEST_MODE.safeParse(explicit);
    if (!parsed.success || !parsed.data) {
      throw new Error(`Invalid environment:\n  INNGEST_MODE: must be "local" or "server" (got "${explicit}")`);
    }
    return parsed.data;
  }
  return INNGEST_SERVER_VARS.some((name) => Boolean(process.env[name])) ? "server" : "local";
};

// Where the Inngest server of server mode is, as the SDK resolves it: INNGEST_BASE_URL, else the dev server
// (INNGEST_DEV, a URL or a flag for localhost:8288), else Inngest Cloud. Read by GET /readyz.
export const inngestServerUrl = (): string => {
  const dev = process.env.INNGEST_DEV;
  const devUrl = dev && URL.canParse(dev) ? dev : dev && !/^(0|false)$/i.test(dev) ? "http://localhost:8288/" : "";
  return process.env.INNGEST_BASE_URL || devUrl || "https://api.inngest.com/";
};

// Readable without the rest of the environment: GET /readyz must answer even when env() would throw.
export const readinessMaxAges = (): { claimMs: number; cronMs: number } => ({
  claimMs: 1000 * ZEnv.shape.READYZ_CLAIM_MAX_AGE_S.catch(30).parse(process.env.READYZ_CLAIM_MAX_AGE_S),
  cronMs: 1000 * ZEnv.shape.READYZ_CRON_MAX_AGE_S.catch(120).parse(process.env.READYZ_CRON_MAX_AGE_S),
});

// Readable without the rest of the environment (unit tests of routes run without secrets).
export const responseCheckMode = (): "enforce" | "log" =>
  ZEnv.shape.API_RESPONSE_CHECK.catch(undefined).parse(process.env.API_RESPONSE_CHECK) ??
  (process.env.NODE_ENV === "production" ? "log" : "enforce");

// Readable without the rest of the environment: read by the HTTP server for every request
// (lib/auth/client-address.ts). An invalid value trusts no proxy (and `env()` reports it).
export const trustedProxies = (): string | undefined =>
  ZEnv.shape.TRUSTED_PROXIES.catch(undefined).parse(process.env.TRUSTED_PROXIES);

// `next build` also loads server code; the job runner must not start then.
export const isNextBuild = (): boolean => process.env.NEXT_PHASE === "phase-production-build";

export type TEnv = z.infer<typeof ZEnv>;

let cached: TEnv | undefined;

export const env = (): TEnv => {
  if (cached) return cached;
  const parsed = ZEnv.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  cached = parsed.data;
  return cached;
};

// Public origin of the app (OAuth callbacks): APP_URL, else NEXTAUTH_URL, else localhost:PORT.
export const appUrl = (): string => {
  const e = env();
  return (e.APP_URL ?? e.NEXTAUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
};

// A network's settings from NETWORK_<PLATFORM>_<NAME> variables, as lower-case names
// (NETWORK_FACEBOOK_CLIENT_ID -> client_id). Each connector validates them with its own schema, whose
// defaults are the network's real endpoints; tests point the base URLs at local fakes.
export const networkSettings = (platform: string): Record<string, string> => {
  const prefix = `NETWORK_${platform.toUpperCase()}_`;
  return Object.fromEntries(
    Object.entries(process.env)
      .filter((entry): entry is [string, string] => entry[0].startsWith(prefix) && Boolean(entry[1]))
      .map(([key, value]) => [key.slice(prefix.length).toLowerCase(), value]),
  );
};

export const encryptionKey = (): Buffer => decodeKey(env().APP_ENCRYPTION_KEY)!;

function isIpOrCidr(entry: string): boolean {
  const [addr = "", bits, ...rest] = entry.split("/");
  const family = isIP(addr);
  if (!family || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

function decodeKey(value: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  const b64 = Buffer.from(value, "base64");
  return b64.length === 32 ? b64 : null;
}
