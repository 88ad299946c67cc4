import { capabilities, type NetworkMeta } from "../meta-types";
import type { PostRules } from "../post-rules";
import { googleBusinessPostRules } from "./post-rules";

export const googleBusinessMeta: NetworkMeta = {
  platform: "google_business",
  displayName: "Google Business Profile",
  mark: { label: "G", className: "bg-[#4285F4]" },
  capabilities: capabilities({ placements: true, placementsRequired: true, profileComments: true }),
  placement: { param: "location_id", label: "Location" },
  postRules: googleBusinessPostRules as PostRules<unknown>,
};
