import "server-only";
import { ApiError } from "@/lib/api/errors";
import { CAPABILITIES } from "@/lib/networks/platforms";
import type { Capabilities } from "@/lib/networks/types";
import type { TPlatform } from "@/lib/schemas/common";

// The spec's comment support table (core-api "Support by network"): an action the network does not
// offer answers 405 `Unsupported method for <network>`, and so does every action on a profile connected
// before the network's cut-over (tiktok profiles before 2026-09-30).

export type CommentAction = keyof Capabilities["comments"];

export const unsupportedMethod = (platform: string) => new ApiError("method_not_allowed", `Unsupported method for ${platform}`);

export const assertCommentAction = (profile: { platform: TPlatform; connectedAt: Date }, action: CommentAction) => {
  const capabilities = CAPABILITIES[profile.platform];
  const from = capabilities.commentsForProfilesConnectedFrom;
  if (!capabilities.comments[action] || (from && profile.connectedAt < from)) throw unsupportedMethod(profile.platform);
};
