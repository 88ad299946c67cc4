import { capabilities, type NetworkMeta } from "../meta-types";
import type { PostRules } from "../post-rules";
import { pinterestPostRules } from "./post-rules";

export const pinterestMeta: NetworkMeta = {
  platform: "pinterest",
  displayName: "Pinterest",
  mark: { label: "P", className: "bg-[#E60023]" },
  capabilities: capabilities({ placements: true }),
  placement: { param: "board_id", label: "Board" },
  postRules: pinterestPostRules as PostRules<unknown>,
  composerFields: [
    { key: "title", label: "Pin title", kind: "text" },
    { key: "link", label: "Link", kind: "text" },
  ],
};
