import type { z } from "zod";
import type { TPlatform } from "@/lib/schemas/common";
import type { PostRules } from "./post-rules";
import type { Capabilities } from "./types";

// What the app knows about a network without reaching it: each network's `meta.ts` (client-safe, no
// server imports) states these facts, and lib/networks/meta.ts assembles them. Admin components, pages,
// services and jobs read them from there; the server connector registry (registry.ts) adds the HTTP calls.

// The connect dialog's form for networks whose Connect does not go straight to the network.
type TTextField = {
  kind: "text";
  name: string;
  label: string;
  type?: "text" | "password";
  placeholder?: string;
  hint?: string;
  autoComplete?: string;
};
type TChoiceField = {
  kind: "choice";
  name: string;
  label: string;
  options: { value: string; label: string; hint: string }[];
};
export type TConnectField = TTextField | TChoiceField;

export type TConnectFormSpec = {
  // credentials: connected at once; oauth: the values go along with redirect_url, then the redirect.
  method: "credentials" | "oauth";
  intro: string;
  fields: TConnectField[];
  // Form values in, the fields to send out: empty strings are left out of the request.
  schema: z.ZodType<Record<string, string>, Record<string, string>>;
};

// A `platforms.<network>` parameter the composer offers (only keys the params schema really has are shown).
export type TFieldSpec =
  | { key: string; label: string; kind: "format" }
  | { key: string; label: string; kind: "placement"; optional?: string } // `optional`: the label of "none"
  | { key: string; label: string; kind: "select"; options: readonly string[]; hint?: string }
  | { key: string; label: string; kind: "text" | "textarea" | "number"; hint?: string; formats?: string[] }
  | { key: string; label: string; kind: "list"; hint?: string; formats?: string[] }
  | { key: string; label: string; kind: "checkbox"; hint?: string };

export type NetworkMeta = {
  platform: TPlatform;
  displayName: string;
  // The network's recognisable colour and initials (no logo files or icon dependency).
  mark: { label: string; className: string };
  capabilities: Capabilities;
  // Accounts connect with credentials typed into a form instead of an OAuth redirect (the server's schema).
  credentialFields?: z.ZodType<Record<string, string>>;
  // Well-formed credentials for form-connected networks (the sandbox accepts any well-formed ones):
  // what tests and demo seeds connect sandbox profiles with.
  sampleCredentials?: Record<string, string>;
  connectForm?: TConnectFormSpec;
  // The `platforms.<network>` parameter naming the placement a post goes to, and the composer's label for
  // it (`optional`: posting without one goes to the profile itself, the label of that choice).
  placement?: { param: string; label: string; optional?: string };
  // What the network checks about a post before it is accepted (isomorphic: POST /api/posts and the
  // composer run the same rules); absent on networks that cannot be posted to. Typed with unknown params:
  // generic code parses `platforms.<network>` with `params` and hands the result back to `validate`.
  postRules?: PostRules<unknown>;
  // The composer's per-network options besides format and placement.
  composerFields?: TFieldSpec[];
  // Stats: snapshots per placement (pages, organizations, channels) instead of per profile, and
  // network-specific daily metrics shown under platform_stats.
  stats?: { perPlacement?: boolean; dailyExtras?: string[] };
};

// The capabilities of a network, everything not stated false.
export const capabilities = (c: Partial<Capabilities>): Capabilities => ({
  placements: false,
  placementsRequired: false,
  announcesPlacementSync: false,
  chains: false,
  messaging: false,
  ...c,
});

// The composer's first comment option (networks that comment under a published post).
export const FIRST_COMMENT_FIELD: TFieldSpec = {
  key: "first_comment",
  label: "First comment",
  kind: "textarea",
  hint: "Posted as a comment right after publishing",
};
