import type { SandboxProfile } from "../sandbox/profile";

// What the sandbox network simulates of Bluesky (lib/networks/sandbox): threads nest, comments carry images.
export const blueskySandbox: SandboxProfile = {
  profileStats: (s) => ({ followersCount: s.followers, followsCount: s.following, postsCount: s.posts }),
  postStats: {
    keys: [
      ["likes", "likeCount", 0.05],
      ["reposts", "repostCount", 0.008],
      ["comments", "replyCount", 0.006],
      ["quotes", "quoteCount", 0.002],
    ],
  },
  audience: { attachments: true, nested: true },
};
