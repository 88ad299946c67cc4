import type { z } from "zod";
import type { TPlatform } from "@/lib/schemas/common";
import type { NetworkError } from "../errors";
import type { CredentialsFlow, Identity, OAuthFlow, PlacementInfo, ProfileAuth, TokenSet } from "./auth";
import type { CommentSync } from "./comment-sync";
import type { Comments } from "./comments";
import type { ConnectorContext } from "./context";
import type { Inbound } from "./inbound";
import type { Management } from "./management";
import type { Messaging } from "./messaging";
import type { PublishingMethods } from "./publishing";

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
