import type { ProfileAuth } from "./auth";
import type { ConnectorContext } from "./context";
import type { StatsMethods } from "./stats";

// Publishing and stats: each ability is a method the connector has or not; generic code checks for the
// method before use (no stats method: the network has no stats and is never collected).

// A media file as the publisher hands it over: already downloaded, checked and stored by us. `url` is our
// hosted copy (public, unguessable; networks that fetch media themselves - Graph, Pinterest, Telegram by
// URL - get this); `read()` gives the bytes for networks that take uploads (X, Bluesky blobs, LinkedIn,
// YouTube, TikTok FILE_UPLOAD).
export type PublishMedia = {
  url: string;
  contentType: string; // image/jpeg, video/mp4, ...
  sizeBytes: number;
  kind: "image" | "video" | "gif" | "document" | "unknown";
  read(): Promise<Uint8Array>;
};

export type PublishInput = {
  auth: ProfileAuth;
  // The placement posted to (page_id, chat_id, location_id, organization_id, board_id, ...), with its own
  // token where the network has one (a facebook page token, stored encrypted, decrypted here).
  placement: { externalId: string | null; accessToken: string | null; metadata: Record<string, unknown> } | null;
  body: string;
  media: PublishMedia[];
  params: Record<string, unknown>; // the validated, normalised platforms.<network> parameters
  // Chains: the previous link (parent) and the first post of the chain (root), as returned by `publish`.
  replyTo: { externalId: string; rootExternalId: string } | null;
  clientReference: string; // our platform-post id: unique per publish, stable across retries
};
export type PublishResult = { externalId: string; url?: string | null };

export type PostMethods<TSettings> = {
  publish?(ctx: ConnectorContext<TSettings>, input: PublishInput): Promise<PublishResult>;
  // After an outcome_unknown publish: find the post on the network, or null when it is not there.
  // Must not create anything. Networks that cannot read back (telegram bots) leave it out: an unknown
  // outcome there ends as delivery_unconfirmed.
  findPublished?(ctx: ConnectorContext<TSettings>, input: PublishInput): Promise<PublishResult | null>;
  // Removes a published post from the network (delete_on_platform). A post that is already gone counts
  // as deleted (resolve, do not throw). Networks that cannot delete posts through their API leave it out.
  deletePublished?(
    ctx: ConnectorContext<TSettings>,
    input: {
      auth: ProfileAuth;
      placement: PublishInput["placement"];
      externalId: string;
      params: Record<string, unknown>;
    },
  ): Promise<void>;
  // The first comment under a published post (params.first_comment), where the network has one.
  createFirstComment?(
    ctx: ConnectorContext<TSettings>,
    input: PublishInput & { postExternalId: string; body: string },
  ): Promise<{ externalId: string }>;
};

export type PublishingMethods<TSettings> = PostMethods<TSettings> & StatsMethods<TSettings>;
