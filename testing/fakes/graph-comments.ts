import type { FakeRequest } from "./graph-oauth";
import {
  ContentState,
  badParam,
  graphTime,
  needScope,
  noPermission,
  ok,
  unreachableNode,
  type FakeComment,
} from "./graph-content";
import { paged, selectFields, type GraphState, type IssuedToken, type Reply } from "./graph-state";

// Comments on the Graph fake (networks.md "facebook" comments, "instagram" comments, "threads" replies):
//   facebook  POST /{post-or-comment}/comments {message|attachment_url}, GET …/comments (filter, order,
//             fields, limit, after), POST /{comment} {is_hidden}, DELETE /{comment}, POST|DELETE
//             /{comment}/likes; the Page's token, pages_manage_engagement to write, pages_read_engagement
//             to read
//   instagram POST /{media}/comments and /{comment}/replies {message}, GET of both edges, POST /{comment}
//             {hide}, DELETE /{comment}; instagram_business_manage_comments
//   threads   POST /{reply}/manage_reply {hide}; threads_manage_replies. GET /{post}/conversation (fields,
//             reverse, limit, after, before): every reply at any depth on the account's own post;
//             threads_read_replies
// As Graph does for these calls, a parameter the call does not take answers error 100, so a misspelled
// field fails a test instead of passing it. Comments are kept in `content.comments` for assertions.

type Family = "facebook" | "instagram" | "threads";
const TOKEN_PARAMS = ["access_token", "appsecret_proof"];

// The first parameter (query or form) the call does not take, as Graph reports it.
const unknownParam = (req: FakeRequest, allowed: string[]): Reply | null => {
  const extra = [...Object.keys(req.query), ...Object.keys(req.form)].find(
    (k) => !TOKEN_PARAMS.includes(k) && !allowed.includes(k),
  );
  return extra ? badParam(`(#100) The parameter ${extra} is not supported by this call`) : null;
};

const bool = (value: string | undefined): boolean | null =>
  value === "true" ? true : value === "false" ? false : null;

const nodeOf = (c: FakeComment) => ({
  id: c.id,
  message: c.message,
  text: c.message,
  created_time: graphTime(c.createdAt),
  timestamp: graphTime(c.createdAt),
  from: { id: c.fromId, ...(c.fromName && { name: c.fromName }), ...(c.fromUsername && { username: c.fromUsername }) },
  ...(c.parentId && { parent: { id: c.parentId }, parent_id: c.parentId }),
  is_hidden: c.hidden ?? false,
  hidden: c.hidden ?? false,
  like_count: c.likedBy?.size ?? 0,
  permalink_url: `https://www.facebook.com/${c.objectId}?comment_id=${c.id}`,
});

type Author = { id: string; name?: string; username?: string; scopes: { read: string; write: string } };

// Who writes with this token, and whether it may reach the thing commented on.
const authorOf = (
  state: GraphState,
  content: ContentState,
  family: Exclude<Family, "threads">,
  token: IssuedToken,
  objectId: string,
  method: string,
): Author | Reply => {
  if (family === "facebook") {
    const object = content.facebook.get(objectId);
    const pageId = object?.pageId ?? content.comments.get(objectId)?.pageId;
    if (token.kind !== "page" || token.pageId !== pageId)
      return noPermission("Commenting as a Page requires that Page's access token");
    const page = [...state.facebookUsers.values()].flatMap((u) => u.pages ?? []).find((p) => p.id === pageId);
    return {
      id: pageId!,
      name: page?.name,
      scopes: { read: "pages_read_engagement", write: "pages_manage_engagement" },
    };
  }
  const scope = "instagram_business_manage_comments";
  const user = state.instagramUsers.get(token.userId);
  if (!user) return noPermission("Unknown user");
  const key = user.user_id;
  const media = content.media.get(objectId) ?? content.media.get(content.comments.get(objectId)?.objectId ?? "");
  // A comment (or media) of another account is a node this token cannot reach, as Graph answers it.
  if (!media || media.userId !== key) return unreachableNode(method, objectId);
  return { id: key, username: user.username, scopes: { read: scope, write: scope } };
};

const isReply = (v: unknown): v is Reply => typeof v === "object" && v !== null && "status" in v && "body" in v;

// Threads replies are media (published with reply_to_id): the owner of the post answered hides them.
const manageReply = (
  state: GraphState,
  content: ContentState,
  req: FakeRequest,
  token: IssuedToken,
  id: string,
): Reply | null => {
  const reply = content.media.get(id);
  if (!reply || reply.family !== "threads" || !reply.repliedTo) return null;
  const refused = needScope(token, "threads_manage_replies") ?? unknownParam(req, ["hide"]);
  if (refused) return refused;
  const root = content.media.get(reply.rootPost ?? "");
  if (!root || root.userId !== state.threadsUsers.get(token.userId)?.id)
    return noPermission("Only the author of the conversation's post can hide its replies");
  const hide = bool(req.form.hide ?? req.query.hide);
  if (hide === null) return badParam("(#100) Param hide must be a boolean");
  reply.hidden = hide;
  return ok({ success: true });
};

// Threads: every reply under the account's own post, oldest first (reverse=false) or newest first.
const conversation = (
  state: GraphState,
  content: ContentState,
  req: FakeRequest,
  token: IssuedToken,
  id: string,
): Reply | null => {
  const post = content.media.get(id);
  if (!post || post.family !== "threads") return null;
  const refused =
    needScope(token, "threads_read_replies") ?? unknownParam(req, ["fields", "reverse", "limit", "after", "before"]);
  if (refused) return refused;
  if (post.userId !== state.threadsUsers.get(token.userId)?.id) return unreachableNode("GET", id);
  if (req.query.reverse !== undefined && !["true", "false"].includes(req.query.reverse))
    return badParam("(#100) Param reverse must be a boolean");
  const newestFirst = req.query.reverse !== "false";
  const replies = [...content.media.values()]
    .filter((m) => m.family === "threads" && m.rootPost === id && m.repliedTo !== undefined)
    .sort((a, b) => (newestFirst ? b.createdAt - a.createdAt : a.createdAt - b.createdAt));
  const nodeOfReply = (m: (typeof replies)[number]) => ({
    id: m.id,
    text: m.text ?? "",
    timestamp: graphTime(m.createdAt),
    username: state.threadsUsers.get(m.userId)?.username ?? m.userId,
    replied_to: { id: m.repliedTo },
    root_post: { id },
    is_reply: true,
    hide_status: m.hidden ? "HIDDEN" : "NOT_HUSHED",
    media_type: m.mediaType,
    permalink: m.permalink,
  });
  return ok(
    paged(
      replies.map((m) => selectFields(nodeOfReply(m), req.query.fields, "id")),
      req.query,
      req.url,
    ),
  );
};

export const commentRoutes = (
  state: GraphState,
  content: ContentState,
  family: Family,
  req: FakeRequest,
  token: IssuedToken,
): Reply | null => {
  const [id = "", edge, ...rest] = req.path.split("/");
  if (rest.length > 0) return null;
  if (family === "threads") {
    if (edge === "manage_reply" && req.method === "POST") return manageReply(state, content, req, token, id);
    return edge === "conversation" && req.method === "GET" ? conversation(state, content, req, token, id) : null;
  }
  const comment = content.comments.get(id);
  const isTarget =
    comment !== undefined ||
    (family === "facebook" ? content.facebook.has(id) : content.media.get(id)?.family === family);
  if (!isTarget || (comment && comment.family !== family)) return null;
  const readEdge = family === "facebook" ? "comments" : comment ? "replies" : "comments";
  if (edge !== undefined && edge !== readEdge && edge !== "likes") return null;
  if (edge === undefined && !comment) return null; // the post or media node itself: not ours to answer
  const author = authorOf(state, content, family, token, id, req.method);
  if (isReply(author)) return author;

  if (edge === readEdge && req.method === "POST") {
    const refused =
      needScope(token, author.scopes.write) ??
      unknownParam(req, family === "facebook" ? ["message", "attachment_url"] : ["message"]);
    if (refused) return refused;
    if (!req.form.message && !req.form.attachment_url) return badParam("(#100) The parameter message is required");
    const objectId = comment?.objectId ?? id;
    const created: FakeComment = {
      id: family === "facebook" ? `${objectId.split("_").at(-1)}_${content.id()}` : content.id("1797"),
      objectId,
      message: req.form.message ?? "",
      createdAt: state.now(),
      family,
      parentId: comment?.id,
      pageId: family === "facebook" ? author.id : undefined,
      fromId: author.id,
      fromName: author.name,
      fromUsername: author.username,
    };
    content.comments.set(created.id, created);
    return ok({ id: created.id });
  }
  if (edge === readEdge && req.method === "GET") {
    const allowed =
      family === "facebook" ? ["filter", "order", "fields", "limit", "after", "summary"] : ["fields", "limit", "after"];
    const refused = needScope(token, author.scopes.read) ?? unknownParam(req, allowed);
    if (refused) return refused;
    if (req.query.filter && !["stream", "toplevel"].includes(req.query.filter))
      return badParam("(#100) filter must be one of the following values: toplevel, stream");
    if (req.query.order && !["chronological", "reverse_chronological"].includes(req.query.order))
      return badParam("(#100) order must be one of the following values: chronological, reverse_chronological");
    const under = (c: FakeComment) =>
      comment ? c.parentId === comment.id : c.objectId === id && (req.query.filter === "stream" || !c.parentId);
    const newestFirst = family !== "facebook" || req.query.order === "reverse_chronological";
    const items = [...content.comments.values()]
      .filter((c) => c.family === family && under(c))
      .sort((a, b) => (newestFirst ? b.createdAt - a.createdAt : a.createdAt - b.createdAt));
    return ok(
      paged(
        items.map((c) =>
          selectFields(
            nodeOf(c),
            req.query.fields,
            family === "facebook" ? "id,message,created_time" : "id,text,timestamp",
          ),
        ),
        req.query,
        req.url,
      ),
    );
  }
  if (!comment) return null;
  if (edge === "likes" && family === "facebook") {
    const refused = needScope(token, author.scopes.write) ?? unknownParam(req, []);
    if (refused) return refused;
    comment.likedBy ??= new Set();
    if (req.method === "POST") comment.likedBy.add(author.id);
    else if (req.method === "DELETE") comment.likedBy.delete(author.id);
    else return null;
    return ok({ success: true });
  }
  if (req.method === "DELETE" && edge === undefined) {
    const refused = needScope(token, author.scopes.write) ?? unknownParam(req, []);
    if (refused) return refused;
    content.comments.delete(comment.id);
    for (const c of content.comments.values()) if (c.parentId === comment.id) content.comments.delete(c.id);
    return ok({ success: true });
  }
  if (req.method === "POST") {
    const field = family === "facebook" ? "is_hidden" : "hide";
    const refused = needScope(token, author.scopes.write) ?? unknownParam(req, [field]);
    if (refused) return refused;
    const hide = bool(req.form[field] ?? req.query[field]);
    if (hide === null) return badParam(`(#100) Param ${field} must be a boolean`);
    comment.hidden = hide;
    return ok({ success: true });
  }
  if (req.method === "GET" && edge === undefined) return ok(selectFields(nodeOf(comment), req.query.fields, "id"));
  return null;
};
