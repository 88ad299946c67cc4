import { capabilities, FIRST_COMMENT_FIELD, type NetworkMeta } from "../meta-types";
import type { PostRules } from "../post-rules";
import { instagramPostRules } from "./post-rules";

export const instagramMeta: NetworkMeta = {
  platform: "instagram",
  displayName: "Instagram",
  mark: { label: "IG", className: "bg-gradient-to-br from-[#F58529] via-[#DD2A7B] to-[#8134AF]" },
  capabilities: capabilities({ messaging: true }),
  postRules: instagramPostRules as PostRules<unknown>,
  composerFields: [FIRST_COMMENT_FIELD],
};
