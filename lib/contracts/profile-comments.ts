import { ZProfileParams } from "@/lib/schemas/profiles";
import { ZProfileCommentList, ZProfileCommentsQuery } from "@/lib/schemas/profile-comments";
import { ZErrorBody } from "@/lib/schemas/common";
import { defineEndpoint } from "./define";
import { R400, R401, R404 } from "./responses";

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
    405: { description: "The network has no profile-level comments (`Unsupported method for <network>`)", schema: ZErrorBody },
  },
});
