import "server-only";
import { ApiError } from "@/lib/errors";
import { connectorFor } from "@/lib/networks/registry";
import type { AnyConnector } from "@/lib/networks/types";
import type { TEnvironment, TPlatform } from "@/lib/schemas/common";

// The spec's comment support table (core-api "Support by network"), derived from the connector's
// `comments` capability and nothing else: a network without it has no comment endpoints; an action
// whose method it lacks answers 405 `Unsupported method for <network>`, and so does every action on a
// profile connected before the network's cut-over (tiktok profiles before 2026-09-30). `private_reply`
// (instagram, facebook) is the messaging capability's `privateReplies` on a network with comments.

export const COMMENT_ACTIONS = ["list", "create", "delete", "hide", "like", "pin", "private_reply"] as const;
export type CommentAction = (typeof COMMENT_ACTIONS)[number];

export const unsupportedMethod = (platform: string) =>
  new ApiError("method_not_allowed", `Unsupported method for ${platform}`);

type Profile = { platform: TPlatform; environment: TEnvironment; connectedAt: Date };

// Whether the connector offers `action` to this profile.
export const supportsCommentAction = (
  connector: AnyConnector,
  profile: Pick<Profile, "connectedAt">,
  action: CommentAction,
) => {
  const comments = connector.comments;
  if (!comments || (comments.connectedFrom && profile.connectedAt < comments.connectedFrom)) return false;
  // A private reply is a direct message to the commenter: the network's messaging says it takes them.
  if (action === "private_reply") return Boolean(connector.messaging?.privateReplies);
  return action === "list" || typeof comments[action] === "function";
};

// The profile's connector, once `action` is known to be supported (405 otherwise).
export const assertCommentAction = (profile: Profile, action: CommentAction): AnyConnector => {
  const connector = connectorFor(profile);
  if (!supportsCommentAction(connector, profile, action)) throw unsupportedMethod(profile.platform);
  return connector;
};
