import type { SandboxProfile } from "../sandbox/profile";

// What the sandbox network simulates of YouTube (lib/networks/sandbox).
export const youtubeSandbox: SandboxProfile = {
  profileStats: (s) => ({
    subscriberCount: s.followers,
    viewCount: s.followers * 40 + s.days * s.growth * 25,
    videoCount: Math.ceil(s.posts / 4),
  }),
  postStats: {
    keys: [
      ["impressions", "viewCount", 1],
      ["likes", "likeCount", 0.04],
      ["comments", "commentCount", 0.005],
      ["saved", "favoriteCount", 0.001],
    ],
  },
};
