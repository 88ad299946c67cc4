import type { ProfileAuth } from "./auth";
import type { ConnectorContext } from "./context";
import type { PublishInput } from "./publishing";

// Comments (optional capability): the one answer to "can this network X a comment". A connector with
// `comments` has comments that can be listed (they arrive through `inbound` or polling); each write the
// network allows through its API is a method here, and one that is absent answers 405 `Unsupported
// method for <network>` (lib/services/comments/support.ts derives the spec's support table from it).
// Writes follow the publishing discipline (lib/services/comments/publish-comment.ts): `create` is called
// once per attempt; after an attempt with no answer, `findCreated` reads the network back (it must not
// create anything), and without it an unknown outcome ends as delivery_unconfirmed.

// The post a comment is about, as the profile reaches it (a facebook page token travels in `placement`).
export type CommentTarget = { auth: ProfileAuth; placement: PublishInput["placement"]; postExternalId: string };
export type CommentDraft = CommentTarget & {
  parentExternalId: string | null; // the comment answered; null for a comment on the post itself
  rootExternalId: string | null; // the top-level comment of that thread (networks with one reply level)
  body: string;
  clientReference: string; // our comment id: stable across attempts
  since: Date; // when the first attempt started: a read-back looks no further back (minus clock skew)
};
export type CreatedComment = { externalId: string; permalink?: string | null; postedAt?: Date | null };
// One comment on the network (delete, hide, like, pin), `parentExternalId` where the network needs it.
export type CommentRef = CommentTarget & { externalId: string; parentExternalId: string | null };

export type Comments<TSettings> = {
  // Only profiles connected on or after this instant have comments (tiktok: 2026-09-30); earlier ones get
  // 405 on every comment endpoint.
  connectedFrom?: Date;
  // comment.created is emitted for this network's comments (the webhook events of lib/schemas/webhooks.ts), ours
  // included once they are published.
  announcesCreated?: boolean;
  create?(ctx: ConnectorContext<TSettings>, draft: CommentDraft): Promise<CreatedComment>;
  findCreated?(ctx: ConnectorContext<TSettings>, draft: CommentDraft): Promise<CreatedComment | null>;
  // A comment already gone counts as deleted (resolve, do not throw).
  delete?(ctx: ConnectorContext<TSettings>, input: CommentRef): Promise<void>;
  hide?(ctx: ConnectorContext<TSettings>, input: CommentRef & { hidden: boolean }): Promise<void>;
  like?(ctx: ConnectorContext<TSettings>, input: CommentRef & { liked: boolean }): Promise<void>;
  pin?(ctx: ConnectorContext<TSettings>, input: CommentRef & { pinned: boolean }): Promise<void>;
};
