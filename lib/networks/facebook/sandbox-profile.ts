import type { SandboxProfile } from "../sandbox/profile";
import { activity, between, dailyFollows } from "../sandbox/simulated";
import { graphFailure, graphPageHost } from "./sandbox/page";
import { sandboxPages } from "./sandbox/placements";

// What the sandbox network simulates of Facebook (lib/networks/sandbox).
export const facebookSandbox: SandboxProfile = {
  placements: sandboxPages,
  profileStats: (s) => ({
    fan_count: s.followers - Math.floor(s.followers / 20),
    followers_count: s.followers,
    page_media_view: activity(s, "media_view", 0.4),
    page_views_total: activity(s, "views", 0.03),
    page_post_engagements: activity(s, "engagements", 0.05),
    page_daily_follows: dailyFollows(s, "follows"),
    page_daily_unfollows: between(`${s.seed}:unfollows:${s.day}`, 0, 2),
    page_daily_follows_unique: dailyFollows(s, "follows"),
    page_daily_unfollows_unique: between(`${s.seed}:unfollows:${s.day}`, 0, 2),
  }),
  postStats: {
    keys: [
      ["impressions", "post_impressions", 1],
      ["clicks", "post_clicks", 0.02],
      ["likes", "post_reactions_like_total", 0.04],
    ],
  },
  audience: { attachments: true, profileComments: "recommendations" },
  messaging: { namedReactions: true },
  management: {
    hosts: (account, store) => ({ "graph.facebook.com": graphPageHost(account, store) }),
    failure: graphFailure,
  },
};
