import { capabilities, FIRST_COMMENT_FIELD, type NetworkMeta } from "../meta-types";
import type { PostRules } from "../post-rules";
import { facebookPostRules } from "./post-rules";

export const facebookMeta: NetworkMeta = {
  platform: "facebook",
  displayName: "Facebook",
  mark: { label: "f", className: "bg-[#1877F2]" },
  capabilities: capabilities({ placements: true, placementsRequired: true, messaging: true, profileComments: true }),
  placement: { param: "page_id", label: "Page" },
  postRules: facebookPostRules as PostRules<unknown>,
  composerFields: [
    FIRST_COMMENT_FIELD,
    { key: "title", label: "Reel title", kind: "text", formats: ["reel"] },
    { key: "link", label: "Link", kind: "text", hint: "Text-only posts: a link preview", formats: ["post"] },
  ],
  stats: { perPlacement: true },
};
