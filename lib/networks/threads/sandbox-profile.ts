import type { SandboxProfile } from "../sandbox/profile";
import { activity } from "../sandbox/simulated";

// What the sandbox network simulates of Threads (lib/networks/sandbox).
export const threadsSandbox: SandboxProfile = {
  profileStats: (s) => ({
    followers_count: s.followers,
    views: activity(s, "views", 0.5),
    likes: activity(s, "likes", 0.03),
    replies: activity(s, "replies", 0.005),
    reposts: activity(s, "reposts", 0.003),
    quotes: activity(s, "quotes", 0.001),
  }),
  postStats: {
    keys: [
      ["impressions", "views", 1],
      ["likes", "likes", 0.04],
      ["replies", "replies", 0.006],
      ["reposts", "reposts", 0.004],
      ["quotes", "quotes", 0.001],
      ["shares", "shares", 0.002],
    ],
  },
  audience: { attachments: true },
};
