import { ZProfileParams } from "@/lib/schemas/profiles";
import {
  ZProfileComment,
  ZProfileCommentList,
  ZProfileCommentsQuery,
  ZProfileReplyBody,
  ZProfileReplyDoc,
} from "@/lib/schemas/profile-comments";
import { ZErrorBody } from "@/lib/schemas/common";
import { defineEndpoint } from "./define";
import { R400, R401, R404, R409, R422 } from "./responses";

export const listProfileComments = defineEndpoint({
  operationId: "listProfileComments",
  method: "GET",
  path: "/api/profiles/{id}/comments",
  tag: "Comments",
  summary: "Profile-level comments: google_business reviews, facebook recommendations",
  description:
    "Reviews of every location (google_business) or recommendations of every page (facebook), newest first, each with its replies (oldest first); `placement_id` narrows to one location or page. `page` is zero-indexed (default 0), `per_page` default 20, at most 100; `total` counts reviews/recommendations. Reviews are read from the network twice a day, and a read whose last sync is older than 15 minutes asks for a new one in the background. Other networks answer 405 `Unsupported method for <network>`.",
  auth: "apiKey",
  params: ZProfileParams,
  query: ZProfileCommentsQuery,
  responses: {
    200: { description: "A page of profile-level comments", schema: ZProfileCommentList },
    ...R400,
    ...R401,
    ...R404,
    405: {
      description: "The network has no profile-level comments (`Unsupported method for <network>`)",
      schema: ZErrorBody,
    },
  },
});

export const replyToProfileComment = defineEndpoint({
  operationId: "replyToProfileComment",
  method: "POST",
  path: "/api/profiles/{id}/comments",
  tag: "Comments",
  summary: "Reply to a review (google_business) or a recommendation (facebook)",
  description:
    "Body: `body` (or its alias `text`) and `parent_id` (the review or recommendation: its id or the network's id). Answers 201 with the reply in status `pending`; it is published asynchronously like comments (`published` with `external_id`, `failed`, `failed_waiting_for_retry`, `delivery_unconfirmed`), and a published reply emits `profile_comment.created`. On google_business the reply replaces the review's reply (a review has one; its external id is `<review name>/reply`); on facebook it is the Page's comment on the recommendation. 404 `Parent comment not found`; other networks answer 405 `Unsupported method for <network>`. Honours Idempotency-Key.",
  auth: "apiKey",
  params: ZProfileParams,
  body: ZProfileReplyBody,
  docBody: ZProfileReplyDoc,
  idempotent: true,
  responses: {
    201: { description: "The reply, pending", schema: ZProfileComment },
    ...R400,
    ...R401,
    ...R404,
    405: {
      description: "The network takes no replies to profile-level comments (`Unsupported method for <network>`)",
      schema: ZErrorBody,
    },
    ...R409,
    ...R422,
  },
});
