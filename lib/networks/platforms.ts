import type { z } from "zod";
import { PLATFORMS, type TPlatform } from "@/lib/schemas/common";
import { networkMeta } from "./meta";
import type { Capabilities } from "./types";

// Views over the network facts (each stated in lib/networks/<platform>/meta.ts, assembled by meta.ts) that
// do not depend on how a network is reached (real network or sandbox). Real connectors and the sandbox
// both read them. Comment support is not here: it is the connector's `comments` capability (types.ts).

const table = <T>(pick: (platform: TPlatform) => T | undefined) =>
  Object.fromEntries(PLATFORMS.flatMap((p) => (pick(p) === undefined ? [] : [[p, pick(p)]])));

export const CAPABILITIES = table((p) => networkMeta(p).capabilities) as Record<TPlatform, Capabilities>;

// Networks whose accounts connect with credentials typed into a form instead of an OAuth redirect.
export const CREDENTIAL_FIELDS = table((p) => networkMeta(p).credentialFields) as Partial<
  Record<TPlatform, z.ZodType<Record<string, string>>>
>;

export const DISPLAY_NAMES = table((p) => networkMeta(p).displayName) as Record<TPlatform, string>;

// The `platforms.<network>` parameter that names the placement a post goes to (the placement endpoints of the API reference, lib/contracts/profiles.ts):
// networks without one post to the profile itself (linkedin without organization_id: the member).
export const PLACEMENT_PARAM = table((p) => networkMeta(p).placement?.param) as Partial<Record<TPlatform, string>>;
