import type { ProfileAuth } from "./auth";
import type { ConnectorContext } from "./context";
import type {
  InboundMessageDelete,
  InboundMessageEdit,
  InboundMessageItem,
  InboundMessageStatus,
  InboundMessageWatermark,
  InboundReaction,
  InboundReferral,
  InboundWindowClosed,
} from "./messaging-events";

// Inbound (optional capability): what the network pushes to our receivers (app/inbound). Generic code
// (lib/services/inbound) authenticates each delivery through the connector, stores it as received,
// and later hands the stored payload to `parse`; it never names a network. Comments, direct messages
// (later) and account changes all come through here.

// A delivery as the receiver got it: the raw bytes (signatures are computed over them) and the headers.
export type InboundRequest = { body: Buffer; headers: Headers; contentType: string | null };

// The network's subscription handshake (a GET the network sends when the callback URL is registered).
export type InboundHandshake = { status: number; body: string };

// What a delivery's proof of origin says: none given (401), given but wrong (403), or valid.
export type InboundProof = "valid" | "missing" | "invalid";

// How deliveries prove they come from the network:
//  - "app": one receiver per network (/inbound/<platform>), signed with the app's secret from settings;
//  - "profile": one receiver per profile (/inbound/<platform>/<profile id>), carrying a secret we chose
//    for that profile when we registered the receiver with the network.
export type InboundVerification<TSettings> =
  | {
      scope: "app";
      handshake?(ctx: ConnectorContext<TSettings>, query: URLSearchParams): InboundHandshake;
      verify(ctx: ConnectorContext<TSettings>, request: InboundRequest): InboundProof;
    }
  | {
      scope: "profile";
      verify(request: InboundRequest, secret: string): InboundProof;
    };

export type InboundAttachment = {
  type: "image" | "video" | "audio" | "gif" | "external" | "file";
  url: string | null; // the network's URL
  externalId?: string | null;
};

export type InboundComment = {
  externalId: string;
  parentExternalId: string | null; // null for a comment on the post itself
  body: string;
  authorExternalId: string | null;
  authorUsername: string | null;
  authorName: string | null;
  authorAvatarUrl: string | null;
  metadata: Record<string, unknown> | null; // author signals (instagram)
  likeCount: number | null; // null: not told
  isHidden: boolean | null; // null: not told
  permalink: string | null;
  platformData: Record<string, unknown> | null;
  attachments: InboundAttachment[];
  postedAt: Date | null;
};

// One thing a delivery says. `account` is the network's id of the account, page or chat the item is
// about (a page id, a professional account id, a channel id): the post must belong to it.
export type InboundItem =
  | {
      kind: "comment";
      account: string;
      // The commented post's external id; null when the network only names the parent comment (the
      // post is then the parent's).
      postExternalId: string | null;
      comment: InboundComment;
      changedAt: Date; // the network's time of this change: older pushes never overwrite newer ones
    }
  // The user removed the app or revoked its token. `at`: when the network issued it (whole seconds), null
  // when it does not say; profiles connected after that are not affected (a stale or replayed callback).
  | { kind: "deauthorized"; account: string; reason: string; at: Date | null }
  // Something about the account changed on the network: re-read its placements (quality, name, limits)
  // or the state the connector keeps (templates).
  | { kind: "account_changed"; account: string; resync: "placements" | "state" }
  | InboundMessageItem
  | InboundMessageStatus
  | InboundMessageWatermark
  | InboundReaction
  | InboundReferral
  | InboundMessageEdit
  | InboundMessageDelete
  | InboundWindowClosed
  | { kind: "ignored"; reason: string }; // understood, nothing to do (other fields, our own echoes, ...)

export type Inbound<TSettings> = {
  verification: InboundVerification<TSettings>;
  // The items of a verified delivery. Throws on a payload that is not the network's format.
  parse(ctx: ConnectorContext<TSettings>, request: { body: string; contentType: string | null }): InboundItem[];
  // Registers a per-profile receiver with the network (telegram setWebhook with our secret_token).
  register?(ctx: ConnectorContext<TSettings>, input: { auth: ProfileAuth; url: string; secret: string }): Promise<void>;
};
