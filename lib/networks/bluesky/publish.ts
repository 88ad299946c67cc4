import { NetworkError, details } from "../errors";
import type { ProfileAuth, PublishInput, PublishResult } from "../types";
import { facetsFor } from "./facets";
import { embedFor } from "./media";
import { POST_COLLECTION, parseAtUri, postUrl, recordKeyFor } from "./record-key";
import { xrpcProcedure, xrpcQuery, type BlueskyCtx } from "./xrpc";

// Publishing an app.bsky.feed.post with com.atproto.repo.createRecord on the account's repo:
// { $type, text, createdAt, facets (links, mentions, hashtags: facets.ts), embed (images or a video
// uploaded as blobs: media.ts), reply: { root, parent } (strong refs {uri, cid}) for chain links }.
// The record key is ours, derived from clientReference (record-key.ts): a second createRecord for the same
// post names the same record, which the PDS refuses, so a retry never makes a duplicate; and
// findPublished reads that one record back with com.atproto.repo.getRecord. `langs` is not sent: the
// post parameters carry no language. A link card (app.bsky.embed.external) is not built: its title,
// description and thumbnail would have to be fetched from the linked page by the server; the link facet
// keeps the URL clickable.

export type StrongRef = { uri: string; cid: string };

export const accessTokenOf = (auth: ProfileAuth): string => {
  const token = auth.tokens?.accessToken;
  if (!token) throw new NetworkError("auth_expired", "No Bluesky session");
  return token;
};

// The account's DID (stored as the profile's externalId at connection), else the session's.
export const didOf = async (ctx: BlueskyCtx, auth: ProfileAuth, token: string): Promise<string> =>
  auth.externalId ?? (await xrpcQuery<{ did: string }>(ctx, "com.atproto.server.getSession", {}, token)).did;

export const isRecordNotFound = (err: unknown) =>
  err instanceof NetworkError && err.details.platformErrorCode === "RecordNotFound";

export const getPostRecord = (ctx: BlueskyCtx, token: string, uri: string) => {
  const { repo, collection, rkey } = parseAtUri(uri);
  return xrpcQuery<StrongRef & { value?: unknown }>(
    ctx,
    "com.atproto.repo.getRecord",
    { repo, collection, rkey },
    token,
  );
};

// The {uri, cid} of a post we published earlier (its at-uri is our externalId).
const strongRef = async (ctx: BlueskyCtx, token: string, uri: string): Promise<StrongRef> => {
  try {
    const record = await getPostRecord(ctx, token, uri);
    return { uri: record.uri, cid: record.cid };
  } catch (err) {
    if (isRecordNotFound(err))
      throw new NetworkError(
        "rejected",
        "The post this one replies to is no longer on Bluesky",
        (err as NetworkError).details,
      );
    throw err;
  }
};

const replyOf = async (ctx: BlueskyCtx, token: string, replyTo: NonNullable<PublishInput["replyTo"]>) => {
  const parent = await strongRef(ctx, token, replyTo.externalId);
  const root =
    replyTo.rootExternalId === replyTo.externalId ? parent : await strongRef(ctx, token, replyTo.rootExternalId);
  return { root, parent };
};

// Our record for this clientReference: found, certainly absent (null), or cannot tell (outcome_unknown).
const readBack = async (ctx: BlueskyCtx, token: string, did: string, rkey: string): Promise<PublishResult | null> => {
  try {
    const record = await xrpcQuery<StrongRef>(
      ctx,
      "com.atproto.repo.getRecord",
      { repo: did, collection: POST_COLLECTION, rkey },
      token,
    );
    return { externalId: record.uri, url: postUrl(did, rkey) };
  } catch (err) {
    if (isRecordNotFound(err)) return null;
    // Session problems and rate limits keep their kind (refresh, wait); any other refusal leaves it open.
    if (err instanceof NetworkError && err.kind === "rejected")
      throw new NetworkError(
        "outcome_unknown",
        `Could not read the post back from Bluesky: ${err.message}`,
        err.details,
      );
    throw err;
  }
};

export const publishBluesky = async (ctx: BlueskyCtx, input: PublishInput): Promise<PublishResult> => {
  const token = accessTokenOf(input.auth);
  const did = await didOf(ctx, input.auth, token);
  const rkey = recordKeyFor(input.clientReference);
  const reply = input.replyTo ? await replyOf(ctx, token, input.replyTo) : null;
  // alt_text describes the root post's media (see post-rules.ts); chain links carry none.
  const embed = await embedFor(ctx, token, input.media, input.replyTo ? undefined : input.params.alt_text);
  const facets = await facetsFor(ctx, input.body);
  const record = {
    $type: POST_COLLECTION,
    text: input.body,
    createdAt: new Date().toISOString(),
    ...(facets.length > 0 && { facets }),
    ...(reply && { reply }),
    ...(embed && { embed }),
  };
  try {
    const created = await xrpcProcedure<StrongRef>(
      ctx,
      "com.atproto.repo.createRecord",
      { repo: did, collection: POST_COLLECTION, rkey, record },
      token,
    );
    return { externalId: created.uri, url: postUrl(did, rkey) };
  } catch (err) {
    // Refused or unanswered: when our key already holds the post, an earlier attempt went through (the PDS
    // answers a taken key with an error), and that post is the result.
    if (err instanceof NetworkError && (err.kind === "outcome_unknown" || err.kind === "rejected")) {
      const existing = await readBack(ctx, token, did, rkey).catch(() => null);
      if (existing) return existing;
    }
    throw err;
  }
};

// Read-back after an unknown outcome: getRecord of the key derived from clientReference. Creates nothing.
export const findPublishedBluesky = async (ctx: BlueskyCtx, input: PublishInput): Promise<PublishResult | null> => {
  const token = accessTokenOf(input.auth);
  const did = await didOf(ctx, input.auth, token);
  return readBack(ctx, token, did, recordKeyFor(input.clientReference));
};

// Deleting a post: com.atproto.repo.deleteRecord {repo, collection, rkey} of its at-uri (our externalId).
// The PDS treats a record that is not there as a no-op success; a RecordNotFound answer also counts as
// deleted. A post in another account's repo is refused before the call: the PDS answers it with 401
// AuthenticationRequired, which would read as a dead session. Session problems and rate limits throw
// through mapBlueskyError.
export const deletePublishedBluesky = async (
  ctx: BlueskyCtx,
  { auth, externalId }: { auth: ProfileAuth; externalId: string },
): Promise<void> => {
  const { repo, collection, rkey } = parseAtUri(externalId);
  const token = accessTokenOf(auth);
  if (repo !== (await didOf(ctx, auth, token))) {
    throw new NetworkError(
      "rejected",
      "The post belongs to another Bluesky account than this profile's",
      details("not_own_repo", null, null),
    );
  }
  try {
    await xrpcProcedure<unknown>(ctx, "com.atproto.repo.deleteRecord", { repo, collection, rkey }, token);
  } catch (err) {
    if (isRecordNotFound(err)) return;
    throw err;
  }
};
