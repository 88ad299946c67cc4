import { capabilities, type NetworkMeta } from "../meta-types";
import type { PostRules } from "../post-rules";
import { linkedinPostRules } from "./post-rules";

export const linkedinMeta: NetworkMeta = {
  platform: "linkedin",
  displayName: "LinkedIn",
  mark: { label: "in", className: "bg-[#0A66C2]" },
  capabilities: capabilities({ placements: true }),
  // Without organization_id a post goes to the member's own profile.
  placement: { param: "organization_id", label: "Post as", optional: "Personal profile" },
  postRules: linkedinPostRules as PostRules<unknown>,
  composerFields: [
    { key: "poll_question", label: "Poll question", kind: "text", formats: ["poll"] },
    { key: "poll_options", label: "Poll options", kind: "list", formats: ["poll"] },
  ],
  stats: { perPlacement: true },
};
