import type { TPlatform } from "@/lib/schemas/common";
import type { PublishInput, StatsReading } from "../types";
import { sandboxPlacements, type SandboxAccount } from "./accounts";

// Stats of the sandbox network: plausible numbers, deterministic for an account (or placement) and a
// day, that grow slowly with time. Profiles get the spec's network-native keys per platform (followers
// from a hash of the account or placement id plus a daily growth since SANDBOX_EPOCH); posts get the
// spec's normalised keys per platform, with `raw` under each network's own metric names, rising towards a
// ceiling (hashed from the post id) over the days after publishing (the sandbox post id carries its
// creation time). Telegram posts, Instagram stories and Google Business posts have no post stats (null).

const DAY_MS = 86_400_000;
const SANDBOX_EPOCH = Date.UTC(2025, 0, 1);

// FNV-1a, 32 bits.
const hash = (text: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
};
const between = (seed: string, min: number, max: number) => min + (hash(seed) % (max - min + 1));

type Subject = {
  seed: string;
  day: number;
  days: number;
  followers: number;
  following: number;
  posts: number;
  growth: number;
};

const subjectOf = (seed: string, now: number): Subject => {
  const days = Math.max(0, Math.floor((now - SANDBOX_EPOCH) / DAY_MS));
  const growth = between(`${seed}:growth`, 1, 12);
  return {
    seed,
    day: Math.floor(now / DAY_MS),
    days,
    growth,
    followers: between(`${seed}:followers`, 150, 25_000) + days * growth,
    following: between(`${seed}:following`, 40, 1_200) + Math.floor(days / between(`${seed}:follows-every`, 6, 20)),
    posts: between(`${seed}:posts`, 10, 400) + Math.floor(days / between(`${seed}:posts-every`, 2, 5)),
  };
};

// Activity over a window of days: a share of the audience per day, varying from day to day.
const activity = (s: Subject, key: string, perFollowerPerDay: number, windowDays = 1) =>
  Math.round(s.followers * perFollowerPerDay * windowDays * (between(`${s.seed}:${key}:${s.day}`, 60, 140) / 100));
const dailyFollows = (s: Subject, key: string) =>
  Math.max(0, s.growth + between(`${s.seed}:${key}:${s.day}`, 0, 6) - 2);

type ProfileKeys = (s: Subject) => Record<string, number>;

const INSTAGRAM_WINDOWS = [1, 7, 14, 30];
const INSTAGRAM_INSIGHTS: [string, number][] = [
  ["reach", 0.3],
  ["profile_views", 0.02],
  ["accounts_engaged", 0.05],
  ["total_interactions", 0.08],
  ["website_clicks", 0.005],
];

const PROFILE: Partial<Record<TPlatform, ProfileKeys>> = {
  facebook: (s) => ({
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
  instagram: (s) => {
    const windows = INSTAGRAM_WINDOWS.flatMap((w) => [
      ...INSTAGRAM_INSIGHTS.map(([metric, rate]): [string, number] => [
        `${metric}_${w}d`,
        activity(s, metric, rate, w),
      ]),
      [`follower_count_${w}d`, s.growth * w] as [string, number],
    ]);
    return {
      followers_count: s.followers,
      follows_count: s.following,
      media_count: s.posts,
      ...Object.fromEntries(windows),
    };
  },
  linkedin: (s) => ({
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
  }),
  tiktok: (s) => ({
    follower_count: s.followers,
    following_count: s.following,
    likes_count: s.followers * 7 + s.days * s.growth * 3,
    video_count: s.posts,
  }),
  threads: (s) => ({
    followers_count: s.followers,
    views: activity(s, "views", 0.5),
    likes: activity(s, "likes", 0.03),
    replies: activity(s, "replies", 0.005),
    reposts: activity(s, "reposts", 0.003),
    quotes: activity(s, "quotes", 0.001),
  }),
  bluesky: (s) => ({ followersCount: s.followers, followsCount: s.following, postsCount: s.posts }),
  twitter: (s) => ({
    followers_count: s.followers,
    following_count: s.following,
    tweet_count: s.posts * 3,
    listed_count: Math.floor(s.followers / 150),
    like_count: s.posts * 5 + s.days,
  }),
  youtube: (s) => ({
    subscriberCount: s.followers,
    viewCount: s.followers * 40 + s.days * s.growth * 25,
    videoCount: Math.ceil(s.posts / 4),
  }),
  pinterest: (s) => ({
    follower_count: s.followers,
    following_count: s.following,
    monthly_views: activity(s, "monthly_views", 0.6, 30),
    pin_count: s.posts * 2,
    board_count: between(`${s.seed}:boards`, 2, 30),
  }),
  // Business Profile Performance API daily metrics (no profile keys in the spec): yesterday's values.
  google_business: (s) => ({
    BUSINESS_IMPRESSIONS_DESKTOP_MAPS: activity(s, "desktop_maps", 0.02),
    BUSINESS_IMPRESSIONS_DESKTOP_SEARCH: activity(s, "desktop_search", 0.03),
    BUSINESS_IMPRESSIONS_MOBILE_MAPS: activity(s, "mobile_maps", 0.05),
    BUSINESS_IMPRESSIONS_MOBILE_SEARCH: activity(s, "mobile_search", 0.06),
    CALL_CLICKS: activity(s, "calls", 0.001),
    WEBSITE_CLICKS: activity(s, "website", 0.003),
    BUSINESS_DIRECTION_REQUESTS: activity(s, "directions", 0.002),
  }),
};

export const profileStatsSandbox = (
  platform: TPlatform,
  account: SandboxAccount,
  placement: PublishInput["placement"],
  now = Date.now(),
): StatsReading => {
  const s = subjectOf(placement?.externalId ?? account.id, now);
  if (platform === "telegram") {
    // The channel's subscribers and its names, as getChat and getChatMemberCount give them.
    const channel = sandboxPlacements(platform, account).find((p) => p.externalId === placement?.externalId);
    const username = channel?.metadata.username;
    const stats = {
      followers_count: s.followers,
      channel_title: channel?.name ?? null,
      channel_username: typeof username === "string" ? username : null,
    };
    return { stats, raw: { ...stats } };
  }
  const keys = PROFILE[platform];
  // LinkedIn has profile stats for organizations only: the member's own profile (no placement) has none.
  if (!keys || (platform === "linkedin" && !placement?.externalId)) return { stats: {}, raw: {} };
  const stats = keys(s);
  return { stats, raw: { ...stats } };
};

// Post stats: [normalised key, the network's own name, share of the post's reach].
const POST: Partial<Record<TPlatform, [string, string, number][]>> = {
  facebook: [
    ["impressions", "post_impressions", 1],
    ["clicks", "post_clicks", 0.02],
    ["likes", "post_reactions_like_total", 0.04],
  ],
  instagram: [
    ["impressions", "views", 1],
    ["likes", "likes", 0.05],
    ["comments", "comments", 0.006],
    ["saved", "saved", 0.01],
    ["profile_visits", "profile_visits", 0.01],
    ["follows", "follows", 0.002],
  ],
  threads: [
    ["impressions", "views", 1],
    ["likes", "likes", 0.04],
    ["replies", "replies", 0.006],
    ["reposts", "reposts", 0.004],
    ["quotes", "quotes", 0.001],
    ["shares", "shares", 0.002],
  ],
  twitter: [
    ["impressions", "impression_count", 1],
    ["likes", "like_count", 0.02],
    ["retweets", "retweet_count", 0.004],
    ["comments", "reply_count", 0.003],
    ["quotes", "quote_count", 0.001],
    ["saved", "bookmark_count", 0.002],
  ],
  youtube: [
    ["impressions", "viewCount", 1],
    ["likes", "likeCount", 0.04],
    ["comments", "commentCount", 0.005],
    ["saved", "favoriteCount", 0.001],
  ],
  linkedin: [
    ["impressions", "impressionCount", 1],
    ["likes", "likeCount", 0.02],
    ["comments", "commentCount", 0.003],
    ["shares", "shareCount", 0.002],
    ["clicks", "clickCount", 0.015],
  ],
  tiktok: [
    ["impressions", "view_count", 1],
    ["likes", "like_count", 0.08],
    ["comments", "comment_count", 0.004],
    ["shares", "share_count", 0.003],
  ],
  pinterest: [
    ["impressions", "IMPRESSION", 1],
    ["likes", "REACTION", 0.01],
    ["comments", "COMMENT", 0.002],
    ["saved", "SAVE", 0.02],
    ["outbound_clicks", "OUTBOUND_CLICK", 0.012],
  ],
  bluesky: [
    ["likes", "likeCount", 0.05],
    ["reposts", "repostCount", 0.008],
    ["comments", "replyCount", 0.006],
    ["quotes", "quoteCount", 0.002],
  ],
};

// When the post was created, from a sandbox id (sbx_post_<base-36 ms><random>); null for other ids.
const createdAtOf = (postId: string): number | null => {
  const match = /^sbx_post_([0-9a-z]{8})/.exec(postId);
  const at = match ? parseInt(match[1]!, 36) : NaN;
  return Number.isFinite(at) && at > SANDBOX_EPOCH - 365 * DAY_MS ? at : null;
};

export const postStatsSandbox = (
  platform: TPlatform,
  postExternalId: string,
  params: Record<string, unknown>,
  now = Date.now(),
): StatsReading | null => {
  const keys = POST[platform];
  if (!keys || (platform === "instagram" && params.format === "story")) return null;
  const createdAt = createdAtOf(postExternalId);
  const ageDays = createdAt === null ? 7 : Math.max(0, (now - createdAt) / DAY_MS);
  const reach = between(`${postExternalId}:reach`, 200, 8_000) * (1 - Math.exp(-ageDays / 1.5)); // most of it within days
  const stats: Record<string, number> = {};
  const raw: Record<string, number> = {};
  for (const [key, native, share] of keys) {
    const value = Math.floor(reach * share * (between(`${postExternalId}:${key}`, 70, 130) / 100));
    stats[key] = value;
    raw[native] = value;
  }
  return { stats, raw };
};
