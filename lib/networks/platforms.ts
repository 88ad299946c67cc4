import { z } from "zod";
import type { TPlatform } from "@/lib/schemas/common";
import type { Capabilities } from "./types";

// Facts about each platform that do not depend on how it is reached (real network or sandbox): the
// spec's capability tables, and how an account connects. Real connectors and the sandbox both read it.

// Comment support is not here: it is the connector's `comments` capability (lib/networks/types.ts).
const cap = (c: Partial<Capabilities>): Capabilities => ({
  placements: false,
  placementsRequired: false,
  announcesPlacementSync: false,
  chains: false,
  messaging: false,
  stats: true,
  ...c,
});

export const CAPABILITIES: Record<TPlatform, Capabilities> = {
  facebook: cap({ placements: true, placementsRequired: true, messaging: true, profileComments: true }),
  instagram: cap({ messaging: true }),
  threads: cap({ chains: true }),
  bluesky: cap({ chains: true, messaging: true }),
  youtube: cap({}),
  linkedin: cap({ placements: true }),
  tiktok: cap({}),
  twitter: cap({ chains: true }),
  telegram: cap({ placements: true, placementsRequired: true, messaging: true }),
  pinterest: cap({ placements: true }),
  google_business: cap({ placements: true, placementsRequired: true, profileComments: true }),
  whatsapp: cap({
    placements: true,
    placementsRequired: true,
    announcesPlacementSync: true,
    messaging: true,
    stats: false,
  }),
};

// Networks whose accounts connect with credentials typed into a form instead of an OAuth redirect.
export const CREDENTIAL_FIELDS: Partial<Record<TPlatform, z.ZodType<Record<string, string>>>> = {
  bluesky: z.object({
    identifier: z
      .string({ error: "identifier is required (handle, DID or email)" })
      .trim()
      .min(1, "identifier can't be blank"),
    app_password: z.string({ error: "app_password is required" }).trim().min(1, "app_password can't be blank"),
  }),
  telegram: z.object({
    bot_token: z
      .string({ error: "bot_token is required" })
      .trim()
      .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "bot_token must look like 123456:ABC-DEF… (from @BotFather)"),
  }),
};

export const DISPLAY_NAMES: Record<TPlatform, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  threads: "Threads",
  bluesky: "Bluesky",
  youtube: "YouTube",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
  twitter: "X (Twitter)",
  telegram: "Telegram",
  pinterest: "Pinterest",
  google_business: "Google Business Profile",
  whatsapp: "WhatsApp",
};

// The `platforms.<network>` parameter that names the placement a post goes to (the placement endpoints of the API reference, lib/contracts/profiles.ts):
// networks without one post to the profile itself (linkedin without organization_id: the member).
export const PLACEMENT_PARAM: Partial<Record<TPlatform, string>> = {
  facebook: "page_id",
  linkedin: "organization_id",
  pinterest: "board_id",
  telegram: "chat_id",
  google_business: "location_id",
};
