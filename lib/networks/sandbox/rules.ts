import type { TPlatform } from "@/lib/schemas/common";
import { blueskyPostRules } from "../bluesky/post-rules";
import { facebookPostRules } from "../facebook/post-rules";
import { googleBusinessPostRules } from "../google_business/post-rules";
import { instagramPostRules } from "../instagram/post-rules";
import { linkedinPostRules } from "../linkedin/post-rules";
import { pinterestPostRules } from "../pinterest/post-rules";
import type { PostRules } from "../post-rules";
import { telegramPostRules } from "../telegram/post-rules";
import { threadsPostRules } from "../threads/post-rules";
import { tiktokPostRules } from "../tiktok/post-rules";
import { twitterPostRules } from "../twitter/post-rules";
import { youtubePostRules } from "../youtube/post-rules";

// The sandbox checks posts exactly as the real network would: each platform's own post rules (formats,
// limits, parameters). WhatsApp cannot be posted to, on the sandbox either.
export const SANDBOX_POST_RULES: Partial<Record<TPlatform, PostRules<unknown>>> = {
  facebook: facebookPostRules,
  instagram: instagramPostRules,
  threads: threadsPostRules,
  bluesky: blueskyPostRules,
  youtube: youtubePostRules,
  linkedin: linkedinPostRules,
  tiktok: tiktokPostRules,
  twitter: twitterPostRules,
  telegram: telegramPostRules,
  pinterest: pinterestPostRules,
  google_business: googleBusinessPostRules,
};

// The platforms whose posts take a first comment (their post rules' `first_comment`).
export const FIRST_COMMENT_PLATFORMS: readonly TPlatform[] = ["facebook", "instagram"];
