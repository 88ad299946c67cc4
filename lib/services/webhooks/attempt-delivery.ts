import "server-only";
import { db } from "@/lib/db/client";
import { decryptSecret } from "@/lib/crypto";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import { eventEnvelope } from "@/lib/services/events/record-event";
import {
  CONNECT_TIMEOUT_MS,
  DELIVERY_DELAYS_MS,
  MAX_ATTEMPTS,
  RESPONSE_TIMEOUT_MS,
  USER_AGENT,
  webhookPolicy,
} from "./config";
import { postJson, type PostResult } from "./post-json";
import { signPayload } from "./signature";
import { guardedLookup, INTERNAL_ADDRESS_CODE, isForbiddenLiteralHost } from "@/lib/net/address-policy";

export type AttemptOutcome =
  | { state: "delivered"; attemptNumber: number }
  | { state: "retry"; attemptNumber: number; retryInMs: number }
  | { state: "failed"; attemptNumber: number }
  | { state: "skipped"; reason: string };

type Options = { dispatchId: string; attemptNumber: number; now?: () => Date };

// One delivery attempt of one event to one webhook: sign, POST, record the attempt, advance the
// dispatch. Safe to call again for the same attempt (a re-run after a crash): a recorded attempt is
// returned instead of being sent twice, and a delivered dispatch is never sent again.
export const attemptDelivery = async ({
  dispatchId,
  attemptNumber,
  now = () => new Date(),
}: Options): Promise<AttemptOutcome> => {
  const dispatch = await db.webhookDispatch.findUnique({
    where: { id: dispatchId },
    include: { webhook: true, event: true },
  });
  if (!dispatch) return { state: "skipped", reason: "webhook or event deleted" };
  const recorded = await db.webhookDelivery.findUnique({
    where: { dispatchId_attemptNumber: { dispatchId, attemptNumber } },
  });
  if (recorded) return outcomeOf(recorded.success, attemptNumber);
  if (dispatch.status !== "pending") return { state: "skipped", reason: `dispatch already ${dispatch.status}` };
  if (!dispatch.webhook.enabled) {
    await db.webhookDispatch.update({ where: { id: dispatchId }, data: { status: "failed", nextAttemptAt: null } });
    return { state: "skipped", reason: "webhook disabled" };
  }

  const deliveryId = newId("webhookDelivery");
  const body = JSON.stringify(eventEnvelope(dispatch.event));
  const attemptedAt = now();
  const timestamp = Math.floor(attemptedAt.getTime() / 1000);
  const { allowlist } = webhookPolicy();
  // An IP-literal host is never looked up, so guardedLookup cannot refuse it: checked here, at every
  // attempt (the URL was checked when saved, but the block list or the allowlist may have changed since).
  const refused = isForbiddenLiteralHost(new URL(dispatch.webhook.url), allowlist);
  const result: PostResult = refused
    ? {
        ok: false,
        status: null,
        durationMs: 0,
        error: `${INTERNAL_ADDRESS_CODE}: refusing to connect to an internal address`,
      }
    : await postJson({
        url: dispatch.webhook.url,
        body,
        headers: {
          "Content-Type": "application/json",
          "User-Agent": USER_AGENT,
          "X-Service-Event": dispatch.event.type,
          "X-Service-Delivery": deliveryId,
          "X-Service-Signature": signPayload({ secret: decryptSecret(dispatch.webhook.secret), body, timestamp }),
        },
        lookup: guardedLookup(allowlist),
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
        responseTimeoutMs: RESPONSE_TIMEOUT_MS,
      });

  const outcome = outcomeOf(result.ok, attemptNumber);
  await db.$transaction([
    db.webhookDelivery.create({
      data: {
        id: deliveryId,
        webhookId: dispatch.webhookId,
        dispatchId,
        eventId: dispatch.eventId,
        eventType: dispatch.event.type,
        attemptNumber,
        responseStatus: result.status,
        success: result.ok,
        error: result.ok ? null : result.error,
        durationMs: result.durationMs,
        attemptedAt,
      },
    }),
    db.webhookDispatch.update({
      where: { id: dispatchId },
      data: {
        attempts: attemptNumber,
        status: outcome.state === "retry" ? "pending" : outcome.state,
        nextAttemptAt: outcome.state === "retry" ? new Date(attemptedAt.getTime() + outcome.retryInMs) : null,
      },
    }),
  ]);
  if (!result.ok)
    log.info("webhook attempt failed", {
      dispatchId,
      webhookId: dispatch.webhookId,
      attemptNumber,
      error: result.error,
    });
  return outcome;
};

type AttemptResult = Exclude<AttemptOutcome, { state: "skipped" }>;

const outcomeOf = (success: boolean, attemptNumber: number): AttemptResult => {
  if (success) return { state: "delivered", attemptNumber };
  if (attemptNumber >= MAX_ATTEMPTS) return { state: "failed", attemptNumber };
  return { state: "retry", attemptNumber, retryInMs: DELIVERY_DELAYS_MS[attemptNumber]! };
};
