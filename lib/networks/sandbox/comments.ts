import type { AnyConnector, CommentDraft, Comments, CreatedComment } from "../types";
import { networkDelay, newSandboxId, sandboxError, triggersIn, type SandboxCtx } from "./publish";

// Comment writes on the sandbox network, mirroring what the platform's real connector offers (a sandbox
// instagram profile cannot like, as instagram cannot). Comments live in memory like sandbox posts; the
// same clientReference (our comment id) never creates a second one. The body tags of posts rehearse
// each outcome of a comment: #sandbox-fail (rejected, SANDBOX_REJECTED), #sandbox-retry (rate limited
// once), #sandbox-timeout (created, answer lost: found on read-back), #sandbox-unconfirmed (answer lost,
// read-back cannot tell: delivery_unconfirmed), #sandbox-auth (expired session). Actions on any comment
// succeed after a network delay (a comment the sandbox does not hold counts as deleted).

type Recorded = CreatedComment & { postExternalId: string; parentExternalId: string | null; body: string };

const MAX_RECORDS = 10_000;
const created = new Map<string, Recorded>(); // by clientReference
const attempts = new Map<string, number>();
const unconfirmed = new Set<string>();
const remember = <K, V>(store: Map<K, V>, key: K, value: V) => {
  store.set(key, value);
  if (store.size > MAX_RECORDS) store.delete(store.keys().next().value!);
};

type Written = Pick<CommentDraft, "clientReference" | "body" | "postExternalId"> & {
  parentExternalId?: string | null;
};

// One comment (or reply to a review) written on the simulated network, once per clientReference.
export const createSandboxComment = async (ctx: SandboxCtx, draft: Written): Promise<CreatedComment> => {
  await networkDelay(ctx);
  const ref = draft.clientReference;
  const already = created.get(ref);
  if (already) return { externalId: already.externalId, permalink: already.permalink, postedAt: already.postedAt };
  const attempt = (attempts.get(ref) ?? 0) + 1;
  remember(attempts, ref, attempt);
  const triggers = triggersIn(draft.body);
  if (triggers.has("auth"))
    throw sandboxError("auth_expired", "SANDBOX_AUTH_EXPIRED", "The sandbox session has expired (#sandbox-auth)");
  if (triggers.has("fail"))
    throw sandboxError("rejected", "SANDBOX_REJECTED", "The sandbox network rejected this comment (#sandbox-fail)");
  if (triggers.has("retry") && attempt === 1)
    throw sandboxError(
      "rate_limited",
      "SANDBOX_RATE_LIMITED",
      "The sandbox network is rate limiting (#sandbox-retry); try again in 1 s",
      1000,
    );
  if (triggers.has("unconfirmed")) {
    unconfirmed.add(ref);
    throw sandboxError(
      "outcome_unknown",
      "SANDBOX_NO_ANSWER",
      "No answer from the sandbox network (#sandbox-unconfirmed)",
    );
  }
  const id = newSandboxId("sbx_comment");
  const record: Recorded = {
    externalId: id,
    permalink: `https://sandbox.invalid/comments/${id}`,
    postedAt: new Date(),
    postExternalId: draft.postExternalId,
    parentExternalId: draft.parentExternalId ?? null,
    body: draft.body,
  };
  remember(created, ref, record);
  if (triggers.has("timeout"))
    throw sandboxError(
      "outcome_unknown",
      "SANDBOX_TIMEOUT",
      "No answer from the sandbox network (#sandbox-timeout); the comment was created",
    );
  return { externalId: id, permalink: record.permalink, postedAt: record.postedAt };
};

export const findCreatedSandboxComment = async (
  ctx: SandboxCtx,
  draft: Pick<CommentDraft, "clientReference">,
): Promise<CreatedComment | null> => {
  await networkDelay(ctx);
  if (unconfirmed.has(draft.clientReference))
    throw sandboxError(
      "outcome_unknown",
      "SANDBOX_NO_ANSWER",
      "The sandbox network cannot tell whether this comment was created (#sandbox-unconfirmed)",
    );
  const found = created.get(draft.clientReference);
  return found ? { externalId: found.externalId, permalink: found.permalink, postedAt: found.postedAt } : null;
};

const forget = (externalId: string) => {
  for (const [ref, record] of created) if (record.externalId === externalId) created.delete(ref);
};

// The sandbox's comments capability for a platform whose real connector has `real` (absent: none).
export const sandboxComments = (
  real: AnyConnector["comments"],
  checkAuth: (auth: CommentDraft["auth"]) => void,
): Comments<{ app_url?: string }> | undefined => {
  if (!real) return undefined;
  const act = async (ctx: SandboxCtx, input: { auth: CommentDraft["auth"] }) => {
    checkAuth(input.auth);
    await networkDelay(ctx);
  };
  return {
    connectedFrom: real.connectedFrom,
    announcesCreated: real.announcesCreated,
    ...(real.create && {
      create: async (ctx, draft) => {
        checkAuth(draft.auth);
        return createSandboxComment(ctx, draft);
      },
      findCreated: async (ctx, draft) => {
        checkAuth(draft.auth);
        return findCreatedSandboxComment(ctx, draft);
      },
    }),
    ...(real.delete && {
      delete: async (ctx, input) => {
        await act(ctx, input);
        forget(input.externalId);
      },
    }),
    ...(real.hide && { hide: act }),
    ...(real.like && { like: act }),
    ...(real.pin && { pin: act }),
  };
};

// For tests: what the sandbox recorded for a clientReference.
export const sandboxCommentOf = (clientReference: string) => created.get(clientReference) ?? null;
