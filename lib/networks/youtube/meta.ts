import { capabilities, type NetworkMeta } from "../meta-types";
import type { PostRules } from "../post-rules";
import { youtubePostRules } from "./post-rules";

export const youtubeMeta: NetworkMeta = {
  platform: "youtube",
  displayName: "YouTube",
  mark: { label: "YT", className: "bg-[#FF0000]" },
  capabilities: capabilities({}),
  postRules: youtubePostRules as PostRules<unknown>,
  composerFields: [
    { key: "title", label: "Title", kind: "text" },
    { key: "privacy_status", label: "Privacy", kind: "select", options: ["public", "unlisted", "private"] },
    { key: "made_for_kids", label: "Made for kids", kind: "checkbox" },
  ],
};
