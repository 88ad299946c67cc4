import type { TPlatform } from "@/lib/schemas/common";
import type { PlacementInfo } from "../types";

// Simulated accounts of the sandbox network: what each platform's placements look like, with the
// metadata keys the spec names, derived deterministically from the account's id so they are stable.

export type SandboxAccount = { id: string; name: string };

export const digits = (seed: string, n: number) => {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return String(h).padStart(n, "0").slice(-n);
};

export const sandboxPlacements = (platform: TPlatform, account: SandboxAccount): PlacementInfo[] => {
  const d = digits(account.id, 8);
  switch (platform) {
    case "facebook":
      return [1, 2].map((n) => ({
        externalId: `10${d}${n}`,
        name: `${account.name} Page ${n}`,
        metadata: { category: "Brand", username: `sandbox.page${n}.${d}`, fan_count: 100 * n },
      }));
    case "linkedin":
      return [
        { externalId: null, name: account.name, metadata: { type: "person" } },
        {
          externalId: `7${d}`,
          name: `${account.name} Inc.`,
          metadata: { type: "organization", vanity_name: `sandbox-${d}` },
        },
      ];
    case "telegram":
      return [
        {
          externalId: `-100${d}`,
          name: `${account.name} Channel`,
          metadata: { type: "channel", username: `sandbox_${d}` },
        },
      ];
    case "google_business":
      // A restaurant (food menus, an editable service list) and a plumber whose service list Google
      // manages (the gates of the listing endpoints: google_business/seed.ts).
      return [
        {
          externalId: `accounts/${d}/locations/${d}1`,
          name: `${account.name} (Main Street)`,
          metadata: { place_id: `ChIJsandbox${d}`, store_code: "MAIN-1" },
        },
        {
          externalId: `accounts/${d}/locations/${d}2`,
          name: `${account.name} Plumbing`,
          metadata: { place_id: `ChIJsandbox${d}p`, store_code: "PLUMB-1" },
        },
      ];
    case "pinterest":
      return [{ externalId: `9${d}`, name: "Ideas", metadata: { privacy: "PUBLIC" } }];
    case "whatsapp":
      return [
        {
          externalId: `1${d}`,
          name: `+1 555 01${d.slice(-2)}`,
          metadata: {
            display_phone_number: `+1 555-01${d.slice(-2)}`,
            quality_rating: "GREEN",
            messaging_limit_tier: "TIER_1K",
            name_status: "APPROVED",
            status: "CONNECTED",
            platform_type: "CLOUD_API",
            is_official_business_account: false,
            throughput: { level: "STANDARD" },
          },
        },
      ];
    default:
      return [];
  }
};
