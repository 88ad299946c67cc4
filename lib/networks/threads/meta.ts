import { capabilities, type NetworkMeta } from "../meta-types";
import type { PostRules } from "../post-rules";
import { threadsPostRules } from "./post-rules";

export const threadsMeta: NetworkMeta = {
  platform: "threads",
  displayName: "Threads",
  mark: { label: "@", className: "bg-black" },
  capabilities: capabilities({ chains: true }),
  postRules: threadsPostRules as PostRules<unknown>,
  composerFields: [{ key: "topic_tag", label: "Topic tag", kind: "text" }],
};
