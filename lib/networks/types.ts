import type { z } from "zod";
import type { TPlatform } from "@/lib/schemas/common";
import type { TSendMessageBody } from "@/lib/schemas/messages";
import type { NetworkError } from "./errors";

// The one interface every network implements. Generic code (connection flows, profiles, later
// publishing, comments, messages and stats) talks only to this; it never branches on the platform name.
// Connectors are pure adapters: no Prisma, no Inngest, no Next imports.

export type TokenSet = {
  accessToken: string;
  refreshToken?: string | null;
  expiresAt?: Date | null; // access-token expiry
  scopes?: string[];
};

export type Identity = {
  externalId: string; // the network's account id
  name: string;
  username?: string | null;
  avatarUrl?: string | null;
  connectionExpiresAt?: Date | null; // when the user must re-authorise (e.g. a 60-day token with no refresh)
  metadata?: Record<string, unknown>;
};

export type PlacementInfo = {
  externalId: string | null; // null only for linkedin's personal member profile
  name: string;
  avatarUrl?: string | null;
  metadata: Record<string, unknown>;
  accessToken?: string | null; // e.g. a facebook page token (stored encrypted)
};

// What a connector gets to act for a connected profile.
export type ProfileAuth = {
  externalId: string | null;
  tokens: TokenSet | null;
  credentials: Record<string, string> | null; // decrypted app password, bot token, developer keys
  metadata: Record<string, unknown>;
  // Placement ids already stored for the profile, given to `placements` by the services that have them.
  // For networks that cannot list their placements and discover them from events (telegram): each id is
  // re-checked, so a placement found once is not lost when its event is gone.
  knownPlacementIds?: string[];
};

export type ConnectorContext<TSettings> = {
  settings: TSettings; // parsed from NETWORK_<PLATFORM>_* (base URLs, client id and secret)
  fetch: typeof fetch; // the HTTP client (timeouts, no secrets in logs); tests may wrap it
  // Waits between status polls (Graph containers, TikTok publish status, YouTube processing). Tests pass
  // a fast one; absent means setTimeout.
  sleep?: (ms: number) => Promise<void>;
  // State the connector keeps for the profile between calls and across processes (the sandbox network's
  // simulated locations and pages). Given by the services where they have a profile (management calls).
  store?: ConnectorStore;
  // The public origin of this install (APP_URL), for URLs of ours the network is told about.
  publicUrl?: string;
};

// JSON values under the connector's own keys, scoped to one profile and kept in the database.
export type ConnectorStore = {
  get(key: string): Promise<unknown>; // null when nothing is stored under the key
  set(key: string, value: unknown): Promise<void>;
  // Read-modify-write under a lock on the key (concurrent calls, even from other processes, run one
  // after the other): `change` gets the stored value (null when none) and returns the result, with
  // `value` to store (left out: nothing is written). A throw writes nothing.
  update<T>(key: string, change: (current: unknown) => { value?: unknown; result: T }): Promise<T>;
};

export type OAuthStart = {
  redirectUri: string; // our callback: {APP_URL}/connect/<platform>/callback
  state: string;
  codeChallenge: string; // PKCE S256; connectors that do not use PKCE ignore it
  options: Record<string, unknown>; // initialize_connection extras (whatsapp onboarding, ...)
  credentials: Record<string, string> | null; // twitter: the account's own developer keys
};

export type OAuthFlow<TSettings> = {
  kind: "oauth";
  // Extra initialize_connection fields this network takes (validated; 422 names the field).
  startOptions?: z.ZodType<Record<string, unknown>>;
  // Credentials the user supplies before the redirect, stored with the profile; what the body must carry
  // may depend on the server's settings (twitter: the account's own developer keys, optional when the
  // server has an X app of its own).
  startCredentialsFor?(settings: TSettings): z.ZodType<Record<string, string>>;
  authorizeUrl(ctx: ConnectorContext<TSettings>, start: OAuthStart): string;
  exchangeCode(
    ctx: ConnectorContext<TSettings>,
    input: {
      code: string;
      redirectUri: string;
      codeVerifier: string;
      credentials: Record<string, string> | null;
      callbackParams: Record<string, string>;
    },
  ): Promise<TokenSet>;
};

export type CredentialsFlow<TSettings> = {
  kind: "credentials";
  // The connect form's fields (bluesky identifier + app_password, telegram bot_token, ...).
  fields: z.ZodType<Record<string, string>>;
  connect(
    ctx: ConnectorContext<TSettings>,
    credentials: Record<string, string>,
  ): Promise<{ tokens: TokenSet | null; identity: Identity }>;
  nextStep?: string; // shown to the user after connecting (telegram: add the bot to a channel)
};

// What the spec says a network has, whether or not this server reaches it yet (each network's meta.ts
// states them; client components read them too). What this server can do there is the connector's: a
// method or capability object below that it provides or not. The sandbox simulates the spec's table.
export type Capabilities = {
  placements: boolean; // has sub-targets (pages, organizations, channels, locations, numbers)
  placementsRequired: boolean; // posting needs a placement id
  announcesPlacementSync: boolean; // emits profile.placements_synced once placements are pulled (whatsapp)
  chains: boolean;
  // Direct messages: the chat endpoints answer (sending needs the connector's `messaging`); 422 otherwise.
  messaging: boolean;
  // Profile-level comments (google_business reviews, facebook recommendations): GET/POST
  // /api/profiles/:id/comments answer (reading them from the network needs `commentSync`); 405 otherwise.
  profileComments?: boolean;
};

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
export type StatsSnapshot = Record<string, number | string | null>;
// A stats reading: `stats` under the spec's normalised names, `raw` under the network's own names.
export type StatsReading = { stats: StatsSnapshot; raw: Record<string, unknown> };

export type PublishingMethods<TSettings> = {
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
  // `connectedAt`: networks whose metrics depend on when the profile was connected (tiktok, 2026-09-30).
  profileStats?(
    ctx: ConnectorContext<TSettings>,
    input: { auth: ProfileAuth; placement: PublishInput["placement"]; connectedAt?: Date },
  ): Promise<StatsReading>;
  postStats?(
    ctx: ConnectorContext<TSettings>,
    input: {
      auth: ProfileAuth;
      placement: PublishInput["placement"];
      postExternalId: string;
      params: Record<string, unknown>;
      connectedAt?: Date;
    },
  ): Promise<StatsReading | null>;
};

export type NetworkConnector<TSettings = Record<string, unknown>> = PublishingMethods<TSettings> & {
  platform: TPlatform;
  displayName: string;
  settings: z.ZodType<TSettings>; // defaults are the network's real endpoints
  auth: OAuthFlow<TSettings> | CredentialsFlow<TSettings>;
  identity(ctx: ConnectorContext<TSettings>, auth: ProfileAuth): Promise<Identity>;
  // Networks where one grant brings several accounts, each its own profile in the group (whatsapp: every
  // business account shared in one signup), keyed by the account id. Absent: one profile per platform.
  identities?(ctx: ConnectorContext<TSettings>, auth: ProfileAuth): Promise<Identity[]>;
  placements?(ctx: ConnectorContext<TSettings>, auth: ProfileAuth): Promise<PlacementInfo[]>;
  refresh?(ctx: ConnectorContext<TSettings>, auth: ProfileAuth): Promise<TokenSet>;
  // Work once a profile is connected, run in the background after profile.connected with the profile's
  // ctx.store (whatsapp: subscribe the account to webhooks, register its numbers, mirror its templates).
  // Answers the placements as they now stand (their metadata may note what the setup found).
  setup?(ctx: ConnectorContext<TSettings>, auth: ProfileAuth): Promise<{ placements: PlacementInfo[] }>;
  // Re-reads what the connector keeps about the account in ctx.store (whatsapp: message templates), when
  // the network says it changed (inbound item "account_changed" with resync "state").
  syncState?(ctx: ConnectorContext<TSettings>, auth: ProfileAuth): Promise<void>;
  // A token the network refuses cannot be refreshed (no refresh grant): the profile is disconnected
  // (profile.disconnected, origin automated) instead of waiting for the user to notice.
  disconnectsWhenTokenRefused?: boolean;
  // How long before the access token expires to refresh it (default 15 minutes). Long-lived tokens
  // (60 days) take days, so a missed round or an outage never lets them lapse.
  refreshLeadMs?: number;
  // Networks that cannot tell us when placements appear (telegram channels) are asked again this often.
  placementsPollMs?: number;
  // Maps a failed HTTP exchange with the network to one of the error kinds.
  mapError(failure: { status: number; body: unknown; headers: Headers }): NetworkError;
  // Listing, page and mention management, where the network has it (see Management below).
  management?: Management<TSettings>;
  // What the network pushes to us (webhooks, bot updates), where it pushes anything (see Inbound below).
  inbound?: Inbound<TSettings>;
  // What we poll: comments on published posts, profile-level comments (see CommentSync below).
  commentSync?: CommentSync<TSettings>;
  // Direct messages, where the network has them (see Messaging below).
  messaging?: Messaging<TSettings>;
  // Comments on published posts, where the network has them (see Comments below).
  comments?: Comments<TSettings>;
};

// A connector whatever its settings type (methods are declared with method syntax, so a connector with
// specific settings is assignable here).
export type AnyConnector = NetworkConnector<Record<string, unknown>>;

// ---------------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------------
// Management (optional capabilities): business listings (google_business locations), pages (facebook)
// and mention lookups (linkedin). Generic services (lib/services/listings) ask `connector.management?.x`
// and never name a network. Payloads are the network's own resources, unchanged in both directions.
// Failures are NetworkErrors or ManagementErrors (lib/networks/management.ts).

export type JsonObject = Record<string, unknown>;

// One placement the caller may manage (a location, a page), with the profile's auth and its own token.
export type ManagedPlacement = { auth: ProfileAuth; placement: NonNullable<PublishInput["placement"]> };
export type PageQuery = { pageSize?: number; pageToken?: string };
// A write in the `fields` pattern: the names replaced, and the values of those that are set (a name
// without a value is cleared).
export type FieldsWrite = { fields: string[]; values: JsonObject };

export type ListingManagement<TSettings> = {
  getLocation(
    ctx: ConnectorContext<TSettings>,
    input: ManagedPlacement & { readMask: string[] | null },
  ): Promise<JsonObject>;
  updateLocation(ctx: ConnectorContext<TSettings>, input: ManagedPlacement & FieldsWrite): Promise<JsonObject>;
  listCategories(
    ctx: ConnectorContext<TSettings>,
    input: ManagedPlacement &
      PageQuery & { regionCode: string; languageCode: string; filter?: string; view: "BASIC" | "FULL" },
  ): Promise<JsonObject>;
  updateHours(ctx: ConnectorContext<TSettings>, input: ManagedPlacement & FieldsWrite): Promise<JsonObject>;
  getAttributes(ctx: ConnectorContext<TSettings>, input: ManagedPlacement): Promise<JsonObject>;
  listAvailableAttributes(
    ctx: ConnectorContext<TSettings>,
    input: ManagedPlacement & PageQuery & { languageCode?: string },
  ): Promise<JsonObject>;
  updateAttributes(
    ctx: ConnectorContext<TSettings>,
    input: ManagedPlacement & { names: string[]; attributes: JsonObject[] },
  ): Promise<JsonObject>;
  getServiceList(ctx: ConnectorContext<TSettings>, input: ManagedPlacement): Promise<JsonObject>;
  updateServiceList(ctx: ConnectorContext<TSettings>, input: ManagedPlacement & FieldsWrite): Promise<JsonObject>;
  getFoodMenus(ctx: ConnectorContext<TSettings>, input: ManagedPlacement): Promise<JsonObject>;
  updateFoodMenus(ctx: ConnectorContext<TSettings>, input: ManagedPlacement & FieldsWrite): Promise<JsonObject>;
  listPlaceActionLinks(
    ctx: ConnectorContext<TSettings>,
    input: ManagedPlacement & PageQuery & { filter?: string },
  ): Promise<JsonObject>;
  listPlaceActionTypes(
    ctx: ConnectorContext<TSettings>,
    input: ManagedPlacement & PageQuery & { languageCode?: string },
  ): Promise<JsonObject>;
  createPlaceActionLink(
    ctx: ConnectorContext<TSettings>,
    input: ManagedPlacement & { link: JsonObject },
  ): Promise<JsonObject>;
  updatePlaceActionLink(
    ctx: ConnectorContext<TSettings>,
    input: ManagedPlacement & FieldsWrite & { name: string },
  ): Promise<JsonObject>;
  deletePlaceActionLink(ctx: ConnectorContext<TSettings>, input: ManagedPlacement & { name: string }): Promise<void>;
  listMedia(ctx: ConnectorContext<TSettings>, input: ManagedPlacement & PageQuery): Promise<JsonObject>;
  createMedia(ctx: ConnectorContext<TSettings>, input: ManagedPlacement & { item: JsonObject }): Promise<JsonObject>;
  deleteMedia(ctx: ConnectorContext<TSettings>, input: ManagedPlacement & { name: string }): Promise<void>;
};

export type PageManagement<TSettings> = {
  // The page's fields as the network names them; fields the page never set are absent.
  getPage(ctx: ConnectorContext<TSettings>, input: ManagedPlacement & { fields: string[] }): Promise<JsonObject>;
  // Writes the given fields (already validated by the API), then reads the page back.
  updatePage(
    ctx: ConnectorContext<TSettings>,
    input: ManagedPlacement & { values: JsonObject; fields: string[] },
  ): Promise<JsonObject>;
};

export type MentionLookup<TSettings> = {
  // A page URL or slug to {urn, name, …}; null when nothing by that name exists.
  resolveMention(
    ctx: ConnectorContext<TSettings>,
    input: { auth: ProfileAuth; query: string },
  ): Promise<JsonObject | null>;
};

export type Management<TSettings> = {
  listings?: ListingManagement<TSettings>;
  pages?: PageManagement<TSettings>;
  mentions?: MentionLookup<TSettings>;
};

// ---------------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------------
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

// Messaging (optional capability): direct messages. Generic code (lib/services/messages) finds or
// creates chats, applies the window and the network's send rules, and sends asynchronously with the
// exactly-once discipline of publishing; it never names a network.

export type MessageAttachmentType = "image" | "video" | "audio" | "sticker" | "file" | "story_mention";
export type MessageAttachment = { type: MessageAttachmentType; url: string | null; externalId?: string | null };

// A message the network told us about, in or out (out: sent from the network's own app).
export type InboundMessage = {
  externalId: string;
  direction: "inbound" | "outbound";
  body: string | null;
  attachments: MessageAttachment[];
  replyToExternalId: string | null;
  tappedAction: { kind: string; payload: string | null; title: string | null } | null;
  interactive: Record<string, unknown> | null;
  platformData: Record<string, unknown> | null;
  source: string | null; // "synced" for messages sent from the network's own app
  sentAt: Date;
};

export type InboundMessageItem = {
  kind: "message";
  account: string; // the profile's account id, or one of its placements (a page)
  placement: string | null; // the placement the chat runs on (a WhatsApp phone number id), null where none
  participant: { externalId: string; username: string | null; name: string | null; avatarUrl?: string | null };
  group: boolean;
  conversationId: string | null; // the network's id of the conversation, where it has one
  message: InboundMessage;
};

// What the network says happened to one of our messages (WhatsApp statuses). `announce`: the spec's
// event for this status is emitted on this network (message.delivered/read/failed).
export type InboundMessageStatus = {
  kind: "message_status";
  account: string;
  messageExternalId: string;
  status: "sent" | "delivered" | "read" | "failed";
  at: Date;
  error: { message: string; code: string | null } | null;
  announce: boolean;
};

// Every one of our messages in a chat sent up to `upTo` was delivered or read (Messenger's watermarks).
export type InboundMessageWatermark = {
  kind: "message_watermark";
  account: string;
  placement: string | null;
  participantExternalId: string;
  status: "delivered" | "read";
  upTo: Date;
  announce: boolean;
};

// A participant reacted to a message of the chat, or took the reaction back (reaction.received).
export type InboundReaction = {
  kind: "message_reaction";
  account: string;
  participantExternalId: string;
  messageExternalId: string;
  action: "react" | "unreact";
  reaction: string | null; // the network's name of it ("love")
  emoji: string | null;
  at: Date;
  // reaction.received is emitted for this network (the "Webhook events" of the API reference, lib/schemas/events.ts); absent: true.
  announce?: boolean;
};

// A message of the chat was edited on the network (by the participant, or from the network's own app):
// the stored body changes, message.edited where `announce` (the "Webhook events" of the API reference, lib/schemas/events.ts).
export type InboundMessageEdit = {
  kind: "message_edit";
  account: string;
  messageExternalId: string;
  body: string | null;
  at: Date;
  announce: boolean;
};

// A message of the chat was deleted (unsent) on the network: message.deleted where `announce`.
export type InboundMessageDelete = {
  kind: "message_delete";
  account: string;
  messageExternalId: string;
  at: Date;
  announce: boolean;
};

// The participant's messaging window closed: they have not written for the whole window (the sandbox's
// simulated participant "leaves" at once; real networks let time do it). The chat's last inbound time is
// moved back past the window, so within_messaging_window turns false.
export type InboundWindowClosed = {
  kind: "window_closed";
  account: string;
  placement: string | null;
  participantExternalId: string;
  at: Date;
};

// A participant came through a referral (an ad, an m.me/ig.me link with `ref`): it opens the messaging
// window and lands in the chat's metadata (referral.received).
export type InboundReferral = {
  kind: "chat_referral";
  account: string;
  placement: string | null;
  participant: InboundMessageItem["participant"];
  referral: Record<string, unknown>;
  at: Date;
};

// The send body as validated by the API (lib/schemas/messages.ts), under the spec's own keys.
export type MessageRequest = TSendMessageBody;

export type MessageSendInput = {
  auth: ProfileAuth;
  placement: { externalId: string; accessToken: string | null; metadata: Record<string, unknown> } | null;
  participantExternalId: string;
  group: boolean;
  request: MessageRequest;
  clientReference: string; // our message id: unique per send, stable across retries
  createdAt?: Date; // when the message was accepted: a read-back looks at what was sent since
  // A private reply: the network's id of the comment answered. The network delivers the message to the
  // commenter (Send API `recipient: {comment_id}`), outside the messaging window.
  privateReplyTo?: string | null;
};
// What a send answers: the network's message id, and the participant it reached where the network says
// (a private reply learns the commenter's messaging id this way).
export type MessageSent = { externalId: string; recipientId?: string | null };

export type IceBreaker = { question: string; payload: string };

// What a chat-level call names: the profile, the placement and participant, the network's conversation.
export type ChatActionInput = {
  auth: ProfileAuth;
  placement: MessageSendInput["placement"];
  participantExternalId: string;
  conversationId: string | null;
};

export type Messaging<TSettings> = {
  // Free-form messages only within this many hours of the participant's last inbound message (null: no window).
  windowHours: number | null;
  // The participant must have written first (telegram bots cannot start a conversation).
  participantWritesFirst: boolean;
  // Chats run on a placement that must be named (whatsapp: the phone number).
  placementRequired: boolean;
  // The network's participant id from what an integrator gives (whatsapp: digits only); null when invalid.
  participantId(raw: string): string | null;
  // The send-body fields this network takes; any other field given is a 422 naming it.
  fields: ReadonlySet<keyof MessageRequest>;
  // The network's own rules about the combination (422 messages naming the field).
  check(request: MessageRequest, chat: { group: boolean }): string[];
  // The largest media file the network takes in a message, in bytes, per kind (image, video, audio,
  // file: anything else); a kind left out is not limited here. Checked on the downloaded file before
  // anything is stored (422 naming the limit).
  mediaLimits?: Partial<Record<"image" | "video" | "audio" | "file", number>>;
  // A send the network accepts outside the window (whatsapp templates, category utility).
  bypassesWindow?(request: MessageRequest): boolean;
  // Private replies to comments (instagram, facebook): `send` takes `privateReplyTo`, allowed up to
  // `maxAgeDays` after the comment, once per comment. Absent: POST …/comments/:id/private_reply is 405.
  privateReplies?: { maxAgeDays: number };
  send(ctx: ConnectorContext<TSettings>, input: MessageSendInput): Promise<MessageSent>;
  // After an unknown outcome: the sent message, or null when it certainly is not there. Networks that
  // cannot read back leave it out: the message ends as delivery_unconfirmed, never resent.
  findSent?(ctx: ConnectorContext<TSettings>, input: MessageSendInput): Promise<{ externalId: string } | null>;
  // The network's conversation with the participant, found or created (bluesky getConvoForMembers) when
  // a chat is created and before a send is accepted; a participant who does not accept messages is a
  // NetworkError "rejected" whose message says so (the API answers 422).
  openConversation?(
    ctx: ConnectorContext<TSettings>,
    input: { auth: ProfileAuth; participantExternalId: string },
  ): Promise<{ conversationId: string | null }>;
  // Archiving on the network too (bluesky: mute/unmute); absent: archiving is only ours.
  archive?(ctx: ConnectorContext<TSettings>, input: ChatActionInput & { archived: boolean }): Promise<void>;
  // Edits of our sent messages (PATCH /api/messages/:id); absent: 422. Editing the same text again is
  // not an error.
  edit?(
    ctx: ConnectorContext<TSettings>,
    input: ChatActionInput & { messageExternalId: string; hasMedia: boolean; body: string },
  ): Promise<void>;
  // Reactions to a message of the chat (POST /api/messages/:id/react): `accepts` says which reactions
  // the network takes (null) or why not (the 422 message); absent: 405.
  react?: {
    accepts(reaction: string): string | null;
    send(
      ctx: ConnectorContext<TSettings>,
      input: ChatActionInput & { messageExternalId: string; reaction: string },
    ): Promise<void>;
  };
  // The typing indicator in the chat (POST /api/chats/:id/start_typing and stop_typing): `start` shows
  // it (whatsapp needs the participant's last message: it is marked read); `stop` hides it, where the
  // network has a call for that (else it ends by itself). Absent: 422.
  typing?: {
    start(
      ctx: ConnectorContext<TSettings>,
      input: ChatActionInput & { lastInboundExternalId: string | null },
    ): Promise<void>;
    stop?(ctx: ConnectorContext<TSettings>, input: ChatActionInput): Promise<void>;
  };
  // Acknowledges a participant's tap on one of our buttons once it is stored (telegram
  // answerCallbackQuery, so the button stops spinning): called from inbound processing once per newly
  // stored message with a `tappedAction`. Absent: taps need no acknowledgement.
  acknowledgeTap?(
    ctx: ConnectorContext<TSettings>,
    input: { auth: ProfileAuth; message: InboundMessage },
  ): Promise<void>;
  // The questions offered to someone opening a conversation (GET/POST/DELETE
  // /api/profiles/:id/ice_breakers): at most `max`, set as a whole. Absent: 422.
  iceBreakers?: {
    max: number;
    list(ctx: ConnectorContext<TSettings>, auth: ProfileAuth): Promise<IceBreaker[]>;
    replace(ctx: ConnectorContext<TSettings>, auth: ProfileAuth, items: IceBreaker[]): Promise<void>;
    clear(ctx: ConnectorContext<TSettings>, auth: ProfileAuth): Promise<void>;
  };
  // Inbound messages the network does not push (bluesky): read every `everyMs` from the account's
  // conversation log after `cursor` (null: from the start); items are applied like pushed ones.
  poll?: {
    everyMs: number;
    read(
      ctx: ConnectorContext<TSettings>,
      input: { auth: ProfileAuth; cursor: string | null },
    ): Promise<{ items: InboundItem[]; cursor: string | null }>;
  };
  // Messages the network has in a chat when it is created (the sandbox's simulated participant writes first).
  openChat?(
    ctx: ConnectorContext<TSettings>,
    input: { auth: ProfileAuth; placement: string | null; participantExternalId: string },
  ): Promise<InboundMessage[]>;
  // A read receipt for the participant's messages up to `lastInboundExternalId` (whatsapp's blue ticks);
  // networks without one leave it out (mark_read then only stamps metadata.read_at).
  markRead?(
    ctx: ConnectorContext<TSettings>,
    input: {
      auth: ProfileAuth;
      placement: MessageSendInput["placement"];
      participantExternalId: string;
      lastInboundExternalId: string;
    },
  ): Promise<void>;
  // What the network pushes a moment after one of our messages was sent (the sandbox's simulated
  // participant answers): after `delayMs`, `collect` hands over the messages that are due (each once;
  // they are applied like pushed inbound messages).
  // The network reports each of our messages' delivery by status (whatsapp: sent, delivered, read, failed).
  reportsStatuses?: boolean;
  followUp?: {
    delayMs: number;
    collect(
      ctx: ConnectorContext<TSettings>,
      input: { auth: ProfileAuth; placement: string | null; participantExternalId: string },
    ): Promise<InboundMessage[]>;
    // The statuses the network reports for our messages of the chat by then (each once), applied like
    // pushed ones (the sandbox's simulated delivery and read of its messages).
    statuses?(
      ctx: ConnectorContext<TSettings>,
      input: { auth: ProfileAuth; placement: string | null; participantExternalId: string },
    ): Promise<Omit<InboundMessageStatus, "kind" | "account">[]>;
    // What else the network pushes then (a reaction to our message, the window closing), applied like
    // pushed items.
    collectSignals?(
      ctx: ConnectorContext<TSettings>,
      input: { auth: ProfileAuth; placement: string | null; participantExternalId: string },
    ): Promise<InboundItem[]>;
  };
};

// The rules half of a messaging capability (what is checked before anything is stored), shared by a
// network's real sending and the sandbox's.
export type MessagingRules = Pick<
  Messaging<unknown>,
  | "windowHours"
  | "participantWritesFirst"
  | "placementRequired"
  | "participantId"
  | "fields"
  | "check"
  | "mediaLimits"
  | "bypassesWindow"
  | "privateReplies"
  | "reportsStatuses"
>;
