import { accepted, apiRoute } from "@/lib/api/route";
import { serializeMessage } from "@/lib/serializers/message";
import * as contract from "@/lib/contracts/comments";
import { sendPrivateReply } from "@/lib/services/comments/private-reply";

// POST /api/posts/:id/comments/:comment_id/private_reply – a direct message to the commenter (asynchronous: answered pending)
export const POST = apiRoute(contract.privateReplyToComment, async ({ principal, params, query, body }) =>
  accepted(
    serializeMessage(
      await sendPrivateReply({
        principal,
        postId: params.id,
        profileId: query.profile_id,
        commentId: params.comment_id,
        input: body,
      }),
    ),
  ),
);
