import { capabilities, type NetworkMeta } from "../meta-types";
import type { PostRules } from "../post-rules";
import { TIKTOK_PRIVACY, tiktokPostRules } from "./post-rules";

export const tiktokMeta: NetworkMeta = {
  platform: "tiktok",
  displayName: "TikTok",
  mark: { label: "TT", className: "bg-slate-900" },
  capabilities: capabilities({}),
  postRules: tiktokPostRules as PostRules<unknown>,
  composerFields: [{ key: "privacy_status", label: "Privacy", kind: "select", options: TIKTOK_PRIVACY }],
  stats: { dailyExtras: ["profile_views"] },
};
