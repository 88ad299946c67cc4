import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { InboundHandshake, InboundItem, InboundProof, InboundRequest } from "../types";

// Meta's webhooks, shared by facebook, instagram, threads and whatsapp (Meta's Webhooks product):
//  - the subscription handshake: GET ?hub.mode=subscribe&hub.verify_token=<ours>&hub.challenge=<n>
//    answered with the challenge, only when the verify token is the one configured for the app;
//  - every POST carries X-Hub-Signature-256: sha256=<hex HMAC-SHA256(app secret, raw body)>;
//  - the deauthorize / uninstall callbacks POST a form with `signed_request`
//    (<base64url HMAC-SHA256(app secret, payload part)>.<base64url JSON payload>) instead.

type AppSecrets = { client_secret: string; webhook_verify_token?: string };

const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);
const sameText = (a: string, b: string) => {
  // Compares digests of both, so neither the length nor the content leaks through timing.
  const digest = (s: string) => createHmac("sha256", "compare").update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
};

export const metaHandshake = (settings: AppSecrets, query: URLSearchParams): InboundHandshake => {
  const token = query.get("hub.verify_token");
  const challenge = query.get("hub.challenge");
  const expected = settings.webhook_verify_token;
  if (query.get("hub.mode") !== "subscribe" || !challenge || !token || !expected || !sameText(token, expected)) {
    return { status: 403, body: "Verification failed" };
  }
  return { status: 200, body: challenge };
};

export const hubSignature = (appSecret: string, body: Buffer | string) =>
  `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

const isForm = (request: { contentType: string | null }) =>
  /^application\/x-www-form-urlencoded/i.test(request.contentType ?? "");

const signedRequestOf = (body: string | Buffer) => new URLSearchParams(body.toString()).get("signed_request");

const verifySignedRequest = (appSecret: string, signedRequest: string) => {
  const [signature, payload] = signedRequest.split(".", 2);
  if (!signature || !payload) return false;
  const expected = createHmac("sha256", appSecret).update(payload).digest();
  return sameBytes(Buffer.from(signature, "base64url"), expected);
};

// Valid only for a delivery signed with the app's secret: the X-Hub-Signature-256 header over the raw
// bytes, or (deauthorize callbacks) a signed_request.
export const verifyMetaDelivery = (appSecret: string, request: InboundRequest): InboundProof => {
  const header = request.headers.get("x-hub-signature-256");
  if (header !== null) {
    const match = SIGNATURE.exec(header.trim());
    if (!match) return "invalid";
    const expected = createHmac("sha256", appSecret).update(request.body).digest();
    return sameBytes(Buffer.from(match[1]!.toLowerCase(), "hex"), expected) ? "valid" : "invalid";
  }
  const signedRequest = isForm(request) ? signedRequestOf(request.body) : null;
  if (signedRequest === null) return "missing";
  return verifySignedRequest(appSecret, signedRequest) ? "valid" : "invalid";
};

const ZSignedPayload = z
  .object({ user_id: z.coerce.string().min(1), issued_at: z.number().int().min(0).max(253402300799).optional() })
  .loose();

// A deauthorize / uninstall callback (already verified): the user removed the app. Its `issued_at` (Unix
// seconds) dates it: the same signed_request replayed, or one issued before the profile was connected
// again, changes nothing (lib/services/inbound/process.ts). Without one it cannot be dated: ignored.
export const parseSignedRequest = (body: string): InboundItem[] => {
  const signedRequest = signedRequestOf(body);
  const payload = signedRequest?.split(".", 2)[1];
  if (!payload) throw new Error("signed_request is missing its payload");
  const { user_id, issued_at } = ZSignedPayload.parse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
  if (issued_at === undefined) return [{ kind: "ignored", reason: "signed_request without issued_at" }];
  return [
    {
      kind: "deauthorized",
      account: user_id,
      reason: "The user removed the app on the network (deauthorize callback)",
      at: new Date(issued_at * 1000),
    },
  ];
};

export const isSignedRequest = (request: { body: string; contentType: string | null }) =>
  isForm(request) && signedRequestOf(request.body) !== null;

// Graph webhook envelope: {object, entry: [{id, time, changes: [{field, value}]}]}. Instagram's
// Business Login examples also show `field`/`value` directly on the entry; both are read.
const ZChange = z.object({ field: z.string(), value: z.unknown() });
const ZEntry = z
  .object({
    id: z.coerce.string(),
    time: z.number().optional(),
    changes: z.array(ZChange).optional(),
    field: z.string().optional(),
    value: z.unknown().optional(),
  })
  .loose();
export const ZGraphEnvelope = z.object({ object: z.string(), entry: z.array(ZEntry) });

export type GraphChange = { account: string; time: Date; field: string; value: unknown };

export const graphChanges = (body: string, object: string): GraphChange[] => {
  const envelope = ZGraphEnvelope.parse(JSON.parse(body));
  if (envelope.object !== object) throw new Error(`Expected a webhook of object "${object}", got "${envelope.object}"`);
  return envelope.entry.flatMap((entry) => {
    // `time` is in seconds (milliseconds in some older payloads); WhatsApp's entries carry none (their
    // messages and statuses have their own timestamps): the time of reading stands in.
    const time = entry.time === undefined ? new Date() : new Date(entry.time > 1e12 ? entry.time : entry.time * 1000);
    const changes = entry.changes ?? (entry.field ? [{ field: entry.field, value: entry.value }] : []);
    return changes.map((change) => ({ account: entry.id, time, field: change.field, value: change.value }));
  });
};

// Messenger Platform events (Messenger and Instagram messaging): {object, entry: [{id, time,
// messaging: [{sender: {id}, recipient: {id}, timestamp, message | postback | read | delivery |
// reaction | referral | ...}]}]}, read as they come (messaging-events.ts reads each one).
export type GraphMessagingEvent = { account: string; event: unknown };

export const graphMessaging = (body: string, object: string): GraphMessagingEvent[] => {
  const envelope = ZGraphEnvelope.parse(JSON.parse(body));
  if (envelope.object !== object) return [];
  return envelope.entry.flatMap((entry) => {
    const events = (entry as { messaging?: unknown }).messaging;
    return Array.isArray(events) ? events.map((event) => ({ account: entry.id, event })) : [];
  });
};
