import type { SandboxProfile } from "../sandbox/profile";

// What the sandbox network simulates of TikTok (lib/networks/sandbox).
export const tiktokSandbox: SandboxProfile = {
  profileStats: (s) => ({
    follower_count: s.followers,
    following_count: s.following,
    likes_count: s.followers * 7 + s.days * s.growth * 3,
    video_count: s.posts,
  }),
  postStats: {
    keys: [
      ["impressions", "view_count", 1],
      ["likes", "like_count", 0.08],
      ["comments", "comment_count", 0.004],
      ["shares", "share_count", 0.003],
    ],
  },
};
