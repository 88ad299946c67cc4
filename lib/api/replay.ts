import "server-only";
import type { Principal } from "@/lib/principal";
import type { EndpointDef } from "@/lib/contracts/define";
import type { CommittedOutcome, ReplayableResource } from "@/lib/services/idempotency/commit";
import type { StoredResponse } from "@/lib/services/idempotency/with-idempotency";
import { getCommentOrThrow } from "@/lib/services/comments/write-comments";
import { findPost } from "@/lib/services/posts/read-posts";
import { getProfileGroupOrThrow } from "@/lib/services/profile-groups/profile-groups";
import { getPostQueueOrThrow } from "@/lib/services/queues/post-queues";
import { getWebhookOrThrow } from "@/lib/services/webhooks/webhooks";
import { getChat } from "@/lib/services/messages/chats";
import { getMessageOrThrow } from "@/lib/services/messages/read-messages";
import { checkReply } from "./response-check";
import { renderComment } from "@/lib/serializers/comment";
import { renderChat, serializeMessage } from "@/lib/serializers/message";
import { renderPost } from "@/lib/serializers/post";
import { serializePostQueue } from "@/lib/serializers/post-queue";
import { renderProfileComment } from "@/lib/serializers/profile-comment";
import { serializeProfileGroup } from "@/lib/serializers/profile-group";
import { serializeWebhook } from "@/lib/serializers/webhook";

// The answer to an Idempotency-Key whose first request committed its write and then failed (or died):
// the committed resource rendered as the endpoint renders it (with the serializer its route uses), never
// the operation run again. The replayed body is checked against the endpoint's documented response like
// any other answer (response-check.ts).
const RENDER: Record<ReplayableResource, (principal: Principal, id: string) => Promise<unknown>> = {
  post: async (principal, id) => renderPost(await findPost({ principal, id })),
  post_queue: async (principal, id) => serializePostQueue(await getPostQueueOrThrow({ principal, id })),
  webhook: async (principal, id) => serializeWebhook(await getWebhookOrThrow({ principal, id }), { withSecret: true }),
  profile_group: async (principal, id) => serializeProfileGroup(await getProfileGroupOrThrow({ principal, id })),
  chat: async (principal, id) => renderChat(await getChat({ principal, id })),
  message: async (principal, id) => serializeMessage(await getMessageOrThrow({ principal, id })),
  comment: async (principal, id) => renderComment({ comment: await getCommentOrThrow({ principal, id }), replies: [] }),
  profile_comment: async (principal, id) =>
    renderProfileComment({ comment: await getCommentOrThrow({ principal, id }), replies: [] }),
};

// The endpoint's documented success status (200 or 201).
const successStatusOf = (endpoint: EndpointDef) =>
  Object.keys(endpoint.responses)
    .map(Number)
    .find((status) => status >= 200 && status < 300) ?? 200;

export const replayCommitted = async (
  endpoint: EndpointDef,
  principal: Principal,
  outcome: CommittedOutcome,
): Promise<StoredResponse> =>
  checkReply(endpoint, {
    status: successStatusOf(endpoint),
    body: "body" in outcome ? outcome.body : await RENDER[outcome.resource](principal, outcome.id),
  });
