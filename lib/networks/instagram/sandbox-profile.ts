import type { SandboxProfile } from "../sandbox/profile";
import { activity } from "../sandbox/simulated";

const WINDOWS = [1, 7, 14, 30];
const INSIGHTS: [string, number][] = [
  ["reach", 0.3],
  ["profile_views", 0.02],
  ["accounts_engaged", 0.05],
  ["total_interactions", 0.08],
  ["website_clicks", 0.005],
];

// What the sandbox network simulates of Instagram (lib/networks/sandbox). Stories have no post stats.
export const instagramSandbox: SandboxProfile = {
  profileStats: (s) => {
    const windows = WINDOWS.flatMap((w) => [
      ...INSIGHTS.map(([metric, rate]): [string, number] => [`${metric}_${w}d`, activity(s, metric, rate, w)]),
      [`follower_count_${w}d`, s.growth * w] as [string, number],
    ]);
    return {
      followers_count: s.followers,
      follows_count: s.following,
      media_count: s.posts,
      ...Object.fromEntries(windows),
    };
  },
  postStats: {
    keys: [
      ["impressions", "views", 1],
      ["likes", "likes", 0.05],
      ["comments", "comments", 0.006],
      ["saved", "saved", 0.01],
      ["profile_visits", "profile_visits", 0.01],
      ["follows", "follows", 0.002],
    ],
    none: (params) => params.format === "story",
  },
  audience: { authorSignals: true },
  messaging: { namedReactions: true },
};
