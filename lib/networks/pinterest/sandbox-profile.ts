import type { SandboxProfile } from "../sandbox/profile";
import { activity, between, digits } from "../sandbox/simulated";

// What the sandbox network simulates of Pinterest (lib/networks/sandbox): one board.
export const pinterestSandbox: SandboxProfile = {
  placements: (account) => [
    { externalId: `9${digits(account.id, 8)}`, name: "Ideas", metadata: { privacy: "PUBLIC" } },
  ],
  profileStats: (s) => ({
    follower_count: s.followers,
    following_count: s.following,
    monthly_views: activity(s, "monthly_views", 0.6, 30),
    pin_count: s.posts * 2,
    board_count: between(`${s.seed}:boards`, 2, 30),
  }),
  postStats: {
    keys: [
      ["impressions", "IMPRESSION", 1],
      ["likes", "REACTION", 0.01],
      ["comments", "COMMENT", 0.002],
      ["saved", "SAVE", 0.02],
      ["outbound_clicks", "OUTBOUND_CLICK", 0.012],
    ],
  },
};
