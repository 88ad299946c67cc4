import type { SandboxProfile } from "../sandbox/profile";
import type { StatsSnapshot } from "../types";
import { activity, between, digits } from "../sandbox/simulated";
import { linkedinFailure, linkedinOrganizationsHost } from "./sandbox/organizations";

// What the sandbox network simulates of LinkedIn (lib/networks/sandbox): the member and one organization;
// profile stats for organizations only (the member's own profile, no placement, has none).
export const linkedinSandbox: SandboxProfile = {
  placements: (account) => {
    const d = digits(account.id, 8);
    return [
      { externalId: null, name: account.name, metadata: { type: "person" } },
      {
        externalId: `7${d}`,
        name: `${account.name} Inc.`,
        metadata: { type: "organization", vanity_name: `sandbox-${d}` },
      },
    ];
  },
  profileStats: (s, { placement }): StatsSnapshot =>
    placement?.externalId
      ? {
          followerCount: s.followers,
          shareCount: activity(s, "shares", 0.002),
          likeCount: activity(s, "likes", 0.02),
          commentCount: activity(s, "comments", 0.004),
          clickCount: activity(s, "clicks", 0.01),
          engagement: Number((between(`${s.seed}:engagement:${s.day}`, 10, 90) / 1000).toFixed(3)),
          allPageViews: activity(s, "all_views", 0.05),
          overviewPageViews: activity(s, "overview", 0.03),
          aboutPageViews: activity(s, "about", 0.008),
          careersPageViews: activity(s, "careers", 0.005),
          peoplePageViews: activity(s, "people", 0.004),
          insightsPageViews: activity(s, "insights", 0.002),
        }
      : {},
  postStats: {
    keys: [
      ["impressions", "impressionCount", 1],
      ["likes", "likeCount", 0.02],
      ["comments", "commentCount", 0.003],
      ["shares", "shareCount", 0.002],
      ["clicks", "clickCount", 0.015],
    ],
  },
  management: {
    hosts: (account) => ({ "api.linkedin.com": linkedinOrganizationsHost(account) }),
    failure: linkedinFailure,
  },
};
