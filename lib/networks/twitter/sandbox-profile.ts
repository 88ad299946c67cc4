import type { SandboxProfile } from "../sandbox/profile";

// What the sandbox network simulates of X (lib/networks/sandbox).
export const twitterSandbox: SandboxProfile = {
  profileStats: (s) => ({
    followers_count: s.followers,
    following_count: s.following,
    tweet_count: s.posts * 3,
    listed_count: Math.floor(s.followers / 150),
    like_count: s.posts * 5 + s.days,
  }),
  postStats: {
    keys: [
      ["impressions", "impression_count", 1],
      ["likes", "like_count", 0.02],
      ["retweets", "retweet_count", 0.004],
      ["comments", "reply_count", 0.003],
      ["quotes", "quote_count", 0.001],
      ["saved", "bookmark_count", 0.002],
    ],
  },
};
