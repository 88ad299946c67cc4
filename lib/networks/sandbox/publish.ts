import { randomBytes } from "node:crypto";
import type { TPlatform } from "@/lib/schemas/common";
import { mediaSizeIssues } from "@/lib/media/validate";
import { formatLimitsOf } from "../format-limits";
import { CAPABILITIES, DISPLAY_NAMES } from "../platforms";
import type { ConnectorContext, PublishInput, PublishResult } from "../types";
import { sandboxPlacements, type SandboxAccount } from "./accounts";
import { sandboxError } from "./simulated";

// Publishing on the sandbox network: nothing leaves the app. A publish waits like a network would
// (200-1500 ms through ctx.sleep, so tests pass a sleep that does not wait), then records the post in
// memory and returns { externalId: "sbx_post_<id>", url: "https://sandbox.invalid/<platform>/<id>" }.
// Publishing the same clientReference again returns the recorded post (no duplicate), as a network with
// idempotency keys would. The records live in this process only (at most MAX_RECORDS, oldest dropped
// first): after a restart, findPublished no longer sees earlier posts. deletePublished removes a post
// from them (and resolves for a post they do not hold).
//
// Failure triggers: put one of these tags in the post body (any case) to rehearse an integration's error
// handling. Each applies to the post (or chain link) whose body carries it.
//   #sandbox-fail        rejected: NetworkError "rejected", platform error code SANDBOX_REJECTED.
//   #sandbox-retry       the first attempt for the post is rate limited (rate_limited, retry after 1,000
//                        ms, code SANDBOX_RATE_LIMITED); the next attempt succeeds.
//   #sandbox-timeout     the post IS published but the answer is lost (outcome_unknown); findPublished
//                        then finds it, as a read-back would on the real network.
//   #sandbox-unconfirmed the answer is lost (outcome_unknown) and findPublished cannot tell either
//                        (outcome_unknown): the post ends as delivery_unconfirmed.
//   #sandbox-auth        the session has expired (auth_expired, code SANDBOX_AUTH_EXPIRED).
//   #sandbox-quiet       published normally, but the simulated audience leaves it alone (no comments:
//                        audience.ts), for tests that write their own.
// Posts to a placement (page, channel, location, board...) must name one of the sandbox account's
// placements where the platform requires one (rejected with SANDBOX_UNKNOWN_PLACEMENT otherwise).
// Media the real network refuses for their size (the limits of its post rules for the post's format:
// lib/networks/format-limits.ts) are refused too, as that network would at publishing: rejected with
// SANDBOX_MEDIA_SIZE, naming each file. The posts service checks the same limits at creation (uploads)
// and before publishing (downloaded URLs), so in the product this answers only what got past both.

export type SandboxCtx = ConnectorContext<{ app_url?: string }>;

type Recorded = PublishResult & {
  platform: TPlatform;
  placementId: string | null;
  replyTo: string | null;
  mediaCount: number;
  publishedAt: Date;
};

const MAX_RECORDS = 10_000;
const published = new Map<string, Recorded>(); // by clientReference
const attempts = new Map<string, number>(); // by clientReference
const unconfirmed = new Set<string>(); // clientReferences whose outcome the sandbox "cannot tell"
const quiet = new Set<string>(); // external ids of posts published with #sandbox-quiet

// Oldest entries go first once a store is full (Maps and Sets keep insertion order).
const trim = (store: Map<string, unknown> | Set<string>) => {
  if (store.size > MAX_RECORDS) store.delete(store.keys().next().value!);
};

export const SANDBOX_TRIGGERS = ["fail", "retry", "timeout", "unconfirmed", "auth"] as const;
export type SandboxTrigger = (typeof SANDBOX_TRIGGERS)[number];

export const triggersIn = (body: string): Set<SandboxTrigger> => {
  const found = new Set<SandboxTrigger>();
  for (const m of body.toLowerCase().matchAll(/#sandbox-([a-z]+)/g)) {
    if ((SANDBOX_TRIGGERS as readonly string[]).includes(m[1]!)) found.add(m[1] as SandboxTrigger);
  }
  return found;
};

// A realistic network delay: 200 to 1,500 ms.
export const networkDelay = (ctx: SandboxCtx) => {
  const ms = 200 + Math.floor(Math.random() * 1300);
  return ctx.sleep ? ctx.sleep(ms) : new Promise<void>((resolve) => setTimeout(resolve, ms));
};

export { sandboxError };

// The post ids carry their creation time (base 36 milliseconds) ahead of the random part, so stats can
// age a post without remembering it.
export const newSandboxId = (prefix: string, now = Date.now()) =>
  `${prefix}_${now.toString(36)}${randomBytes(6).toString("hex")}`;

const checkPlacement = (platform: TPlatform, account: SandboxAccount, placement: PublishInput["placement"]) => {
  if (!CAPABILITIES[platform].placementsRequired) return;
  const known = sandboxPlacements(platform, account).map((p) => p.externalId);
  if (!placement?.externalId || !known.includes(placement.externalId)) {
    throw sandboxError(
      "rejected",
      "SANDBOX_UNKNOWN_PLACEMENT",
      `The sandbox ${platform} account has no placement ${placement?.externalId ?? "(none given)"}`,
    );
  }
};

const checkMediaSizes = (platform: TPlatform, input: PublishInput) => {
  const limits = formatLimitsOf(platform, input.params);
  if (!limits) return;
  const issues = input.media.flatMap((m, i) =>
    mediaSizeIssues({ kind: m.kind, sizeBytes: m.sizeBytes || null }, limits, `media[${i}]`),
  );
  if (issues.length)
    throw sandboxError(
      "rejected",
      "SANDBOX_MEDIA_SIZE",
      `The sandbox ${DISPLAY_NAMES[platform]} network refuses the media: ${issues.join("; ")}`,
    );
};

export const publishSandbox = async (
  platform: TPlatform,
  account: SandboxAccount,
  ctx: SandboxCtx,
  input: PublishInput,
): Promise<PublishResult> => {
  await networkDelay(ctx);
  const ref = input.clientReference;
  const already = published.get(ref);
  if (already) return { externalId: already.externalId, url: already.url };
  const attempt = (attempts.get(ref) ?? 0) + 1;
  attempts.set(ref, attempt);
  trim(attempts);
  const triggers = triggersIn(input.body);
  if (triggers.has("auth"))
    throw sandboxError("auth_expired", "SANDBOX_AUTH_EXPIRED", "The sandbox session has expired (#sandbox-auth)");
  if (triggers.has("fail"))
    throw sandboxError("rejected", "SANDBOX_REJECTED", "The sandbox network rejected this post (#sandbox-fail)");
  if (triggers.has("retry") && attempt === 1)
    throw sandboxError(
      "rate_limited",
      "SANDBOX_RATE_LIMITED",
      "The sandbox network is rate limiting (#sandbox-retry); try again in 1 s",
      1000,
    );
  checkPlacement(platform, account, input.placement);
  checkMediaSizes(platform, input);
  if (triggers.has("unconfirmed")) {
    unconfirmed.add(ref);
    trim(unconfirmed);
    throw sandboxError(
      "outcome_unknown",
      "SANDBOX_NO_ANSWER",
      "No answer from the sandbox network (#sandbox-unconfirmed)",
    );
  }
  const id = newSandboxId("sbx_post");
  const record: Recorded = {
    externalId: id,
    url: `https://sandbox.invalid/${platform}/${id}`,
    platform,
    placementId: input.placement?.externalId ?? null,
    replyTo: input.replyTo?.externalId ?? null,
    mediaCount: input.media.length,
    publishedAt: new Date(),
  };
  published.set(ref, record);
  trim(published);
  if (/#sandbox-quiet\b/i.test(input.body)) {
    quiet.add(id);
    trim(quiet);
  }
  if (triggers.has("timeout"))
    throw sandboxError(
      "outcome_unknown",
      "SANDBOX_TIMEOUT",
      "No answer from the sandbox network (#sandbox-timeout); the post was published",
    );
  return { externalId: record.externalId, url: record.url };
};

// The read-back: the recorded post for this clientReference, null when none, outcome_unknown for posts
// sent with #sandbox-unconfirmed. Creates nothing.
export const findPublishedSandbox = async (ctx: SandboxCtx, input: PublishInput): Promise<PublishResult | null> => {
  await networkDelay(ctx);
  if (unconfirmed.has(input.clientReference)) {
    throw sandboxError(
      "outcome_unknown",
      "SANDBOX_NO_ANSWER",
      "The sandbox network cannot tell whether this post was published (#sandbox-unconfirmed)",
    );
  }
  const found = published.get(input.clientReference);
  return found ? { externalId: found.externalId, url: found.url } : null;
};

// delete_on_platform: the recorded post leaves the sandbox (findPublished no longer finds it). A post the
// sandbox does not hold (deleted already, or recorded before a restart) counts as deleted too.
export const deletePublishedSandbox = async (ctx: SandboxCtx, externalId: string): Promise<void> => {
  await networkDelay(ctx);
  for (const [ref, record] of published) {
    if (record.externalId === externalId) {
      published.delete(ref);
      return;
    }
  }
};

export const createFirstCommentSandbox = async (
  ctx: SandboxCtx,
  _input: PublishInput & { postExternalId: string; body: string },
) => {
  await networkDelay(ctx);
  return { externalId: newSandboxId("sbx_comment") };
};

// For tests: what the sandbox recorded for a clientReference.
export const sandboxRecordOf = (clientReference: string) => published.get(clientReference) ?? null;

// Whether the simulated audience leaves this post alone (#sandbox-quiet).
export const isQuietSandboxPost = (externalId: string) => quiet.has(externalId);
