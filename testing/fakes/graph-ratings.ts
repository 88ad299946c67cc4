import type { FakeRequest } from "./graph-oauth";
import { badParam, graphTime, needScope, noPermission, ok, type ContentState } from "./graph-content";
import { paged, selectFields, type Reply, type IssuedToken } from "./graph-state";

// Page recommendations on the Graph fake (GET /{page-id}/ratings), as Graph serves them to the Page's
// token with pages_read_user_content: each recommendation has an open_graph_story, the node the Page
// answers on (POST /{story-id}/comments {message}, pages_manage_engagement; GET of the same edge). A
// parameter the call does not take answers error 100, as Graph does. Tests add recommendations with
// addRecommendation(); the Page's answers are kept on the rating.

export type FakeRating = {
  storyId: string;
  pageId: string;
  type: "positive" | "negative";
  text?: string;
  reviewer?: { id: string; name: string };
  createdAt: number;
  replies: { id: string; message: string; fromId: string; fromName?: string; createdAt: number }[];
};

const TOKEN_PARAMS = ["access_token", "appsecret_proof"];
const unknownParam = (req: FakeRequest, allowed: string[]): Reply | null => {
  const extra = [...Object.keys(req.query), ...Object.keys(req.form)].find(
    (k) => !TOKEN_PARAMS.includes(k) && !allowed.includes(k),
  );
  return extra ? badParam(`(#100) The parameter ${extra} is not supported by this call`) : null;
};

const replyNode = (r: FakeRating["replies"][number]) => ({
  id: r.id,
  message: r.message,
  created_time: graphTime(r.createdAt),
  from: { id: r.fromId, ...(r.fromName && { name: r.fromName }) },
});

const ratingNode = (r: FakeRating) => ({
  created_time: graphTime(r.createdAt),
  recommendation_type: r.type,
  has_rating: false,
  has_review: r.text !== undefined,
  ...(r.text !== undefined && { review_text: r.text }),
  ...(r.reviewer && { reviewer: r.reviewer }),
  open_graph_story: { id: r.storyId, comments: { data: r.replies.map(replyNode) } },
});

export const ratingRoutes = (content: ContentState, req: FakeRequest, token: IssuedToken): Reply | null => {
  const [id = "", edge, ...rest] = req.path.split("/");
  if (rest.length > 0) return null;
  if (edge === "ratings" && req.method === "GET") {
    if (token.kind !== "page" || token.pageId !== id)
      return noPermission("Reading a Page's ratings requires that Page's access token");
    const refused =
      needScope(token, "pages_read_user_content") ?? unknownParam(req, ["fields", "limit", "after", "before"]);
    if (refused) return refused;
    const items = [...content.ratings.values()]
      .filter((r) => r.pageId === id)
      .sort((a, b) => b.createdAt - a.createdAt);
    return ok(
      paged(
        items.map((r) => selectFields(ratingNode(r), req.query.fields, "created_time,recommendation_type,review_text")),
        req.query,
        req.url,
      ),
    );
  }
  const rating = content.ratings.get(id);
  if (!rating || edge !== "comments") return null;
  if (token.kind !== "page" || token.pageId !== rating.pageId)
    return noPermission("Answering a recommendation requires the Page's access token");
  if (req.method === "GET") {
    const refused =
      needScope(token, "pages_read_engagement") ?? unknownParam(req, ["fields", "limit", "after", "order", "filter"]);
    if (refused) return refused;
    const newestFirst = req.query.order === "reverse_chronological";
    const replies = [...rating.replies].sort((a, b) =>
      newestFirst ? b.createdAt - a.createdAt : a.createdAt - b.createdAt,
    );
    return ok(
      paged(
        replies.map((r) => selectFields(replyNode(r), req.query.fields, "id,message,created_time")),
        req.query,
        req.url,
      ),
    );
  }
  if (req.method !== "POST") return null;
  const refused = needScope(token, "pages_manage_engagement") ?? unknownParam(req, ["message"]);
  if (refused) return refused;
  if (!req.form.message) return badParam("(#100) The parameter message is required");
  const reply = {
    id: `${rating.storyId}_${content.id()}`,
    message: req.form.message,
    fromId: rating.pageId,
    createdAt: content.graph.now(),
  };
  rating.replies.push(reply);
  return ok({ id: reply.id });
};
