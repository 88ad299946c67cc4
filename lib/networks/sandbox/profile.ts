import type { ConnectorStore, MessageRequest, PlacementInfo, ProfileAuth, PublishInput, StatsSnapshot } from "../types";
import type { FailureReply, SimHost } from "./management/wire";
import type { SandboxCtx } from "./publish";
import type { SandboxAccount, StatsSubject } from "./simulated";

// What the sandbox network simulates of one network: each network's folder states it
// (lib/networks/<platform>/sandbox-profile.ts) and lib/networks/sandboxes.ts collects them. The generic
// sandbox (this folder) asks for it and never names a network. Every member is optional: a network
// without it gets nothing of that kind (no placements, no stats, no simulated hosts).
export type SandboxProfile = {
  // The account's placements, with the metadata keys the spec names, derived from the account's id
  // (`digits`) so they are stable.
  placements?(account: SandboxAccount): PlacementInfo[];
  // Profile stats under the network's own keys (stats and raw alike), from the simulated subject (the
  // placement, or the account without one).
  profileStats?(
    subject: StatsSubject,
    on: { account: SandboxAccount; placement: PublishInput["placement"] },
  ): StatsSnapshot;
  // Post stats: [normalised key, the network's own name, share of the post's reach]; `none`: posts with
  // these params have no stats (null).
  postStats?: { keys: [string, string, number][]; none?(params: Record<string, unknown>): boolean };
  // The simulated audience's comments: with attachments, nested several levels deep, with author
  // signals (the Comment resource's `attachments` and `metadata`, lib/schemas/comments.ts); and what the
  // placement's profile-level comments are (reviews of a location, recommendations of a page).
  audience?: {
    attachments?: boolean;
    nested?: boolean;
    authorSignals?: boolean;
    profileComments?: "reviews" | "recommendations";
  };
  // Direct messages: reactions are named and reaction.received is emitted (lib/schemas/events.ts).
  messaging?: { namedReactions?: boolean };
  // Listings, pages, mentions: the simulated hosts the real management methods are sent to, keyed by host
  // name, and the network's own error for a failure tag (management/wire.ts).
  management?: {
    hosts(account: SandboxAccount, store: ConnectorStore): Record<string, SimHost>;
    failure: FailureReply;
  };
  // Message templates, where the real connector mirrors them after connecting (its `setup`): the sandbox's
  // setup mirrors a simulated set, and a template send is checked against what is mirrored.
  messageTemplates?: {
    setup(placements: (auth: ProfileAuth) => PlacementInfo[]): {
      setup(ctx: SandboxCtx, auth: ProfileAuth): Promise<{ placements: PlacementInfo[] }>;
      syncState(ctx: SandboxCtx): Promise<void>;
    };
    check(ctx: SandboxCtx, request: MessageRequest): Promise<void>;
  };
  // Shown after connecting with credentials (the real connector's next step).
  connectNextStep?: string;
};
