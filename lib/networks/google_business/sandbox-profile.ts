import type { SandboxProfile } from "../sandbox/profile";
import { activity, digits } from "../sandbox/simulated";
import { googleFailure } from "./sandbox/resources";
import { googleBusinessHosts } from "./sandbox/server";

// What the sandbox network simulates of Google Business Profile (lib/networks/sandbox).
export const googleBusinessSandbox: SandboxProfile = {
  // A restaurant (food menus, an editable service list) and a plumber whose service list Google
  // manages (the gates of the listing endpoints: sandbox/seed.ts).
  placements: (account) => {
    const d = digits(account.id, 8);
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
  },
  // Business Profile Performance API daily metrics (no profile keys in the spec): yesterday's values.
  // Google Business posts have no post stats.
  profileStats: (s) => ({
    BUSINESS_IMPRESSIONS_DESKTOP_MAPS: activity(s, "desktop_maps", 0.02),
    BUSINESS_IMPRESSIONS_DESKTOP_SEARCH: activity(s, "desktop_search", 0.03),
    BUSINESS_IMPRESSIONS_MOBILE_MAPS: activity(s, "mobile_maps", 0.05),
    BUSINESS_IMPRESSIONS_MOBILE_SEARCH: activity(s, "mobile_search", 0.06),
    CALL_CLICKS: activity(s, "calls", 0.001),
    WEBSITE_CLICKS: activity(s, "website", 0.003),
    BUSINESS_DIRECTION_REQUESTS: activity(s, "directions", 0.002),
  }),
  audience: { profileComments: "reviews" },
  management: { hosts: googleBusinessHosts, failure: googleFailure },
};
