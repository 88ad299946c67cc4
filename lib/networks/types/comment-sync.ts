import type { ProfileAuth } from "./auth";
import type { CreatedComment } from "./comments";
import type { ConnectorContext } from "./context";
import type { InboundComment } from "./inbound";
import type { ManagedPlacement } from "./management";
import type { PublishInput } from "./publishing";

// Comment sync (optional capability): what we poll where nothing is pushed or a push can be missed
// (lib/services/comments/poll-*.ts). Comments come back in the inbound layer's shape and are applied by
// the same code as pushed ones (keyed on the network's ids), so a polled and a pushed comment are one row.
// A rate limit or quota answer is a NetworkError "rate_limited" (retryAfterMs): the profile is left alone
// until then.

// A profile-level comment (a review, a recommendation) with the owner's answers found on the network.
export type InboundProfileComment = InboundComment & { replies: InboundComment[] };

export type CommentSync<TSettings> = {
  // comment.created for polled comments (false: the spec emits none for this network, e.g. bluesky).
  emitsCreated: boolean;
  // Shortest wait between two polls of a fresh post (polls taper as posts age).
  postPollMs?: number;
  // A first poll this long after a post is published (the sandbox's audience answers at once); without
  // it the post waits for the regular polls.
  firstPollAfterMs?: number;
  // Every comment and reply on one published post, replies at any depth with their parent's id (the
  // post's own id for a top-level comment).
  listPostComments?(
    ctx: ConnectorContext<TSettings>,
    input: { auth: ProfileAuth; placement: PublishInput["placement"]; postExternalId: string },
  ): Promise<InboundComment[]>;
  // Profile-level comments of one placement (a location's reviews, a page's recommendations).
  listProfileComments?(ctx: ConnectorContext<TSettings>, input: ManagedPlacement): Promise<InboundProfileComment[]>;
  // The owner's answer to one of them (POST /api/profiles/:id/comments), with the discipline of comment
  // writes: called once per attempt; after an attempt with no answer `findProfileReply` reads the
  // network back (it must not write), and without it an unknown outcome ends as delivery_unconfirmed.
  replyToProfileComment?(ctx: ConnectorContext<TSettings>, draft: ProfileReplyDraft): Promise<CreatedComment>;
  findProfileReply?(ctx: ConnectorContext<TSettings>, draft: ProfileReplyDraft): Promise<CreatedComment | null>;
  // The network keeps one owner's reply per profile-level comment, a new one replacing it: a reply asked
  // for before another that is already published is then not sent (it would bring the older text back).
  profileReplyReplaces?: boolean;
  // The author signals of a commenter (the Comment's `metadata`: instagram's User Profile fields), fetched
  // after a comment is stored; null when the network describes nobody (no consent, a deleted account).
  authorSignals?(
    ctx: ConnectorContext<TSettings>,
    input: { auth: ProfileAuth; authorExternalId: string },
  ): Promise<Record<string, unknown> | null>;
};
export type ProfileReplyDraft = ManagedPlacement & {
  parentExternalId: string;
  body: string;
  clientReference: string;
  since: Date;
};
