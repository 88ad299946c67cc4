import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { send, type FakeReply } from "./support";

// The TikTok fake's API for Business comment endpoints (/open_api/v1.3/business/comment/…), strict like
// the real API: the `Access-Token` header must hold a token the fake issued, `business_id` must be the
// user's open_id, unknown query parameters, unknown body fields and unknown enum values are refused
// (invalid_params), answers use the `{data, error: {code, message, log_id}}` envelope.

export type TikTokFakeComment = {
  comment_id: string;
  video_id: string;
  user_id: string;
  create_time: number;
  text: string;
  likes: number;
  owner: boolean;
  liked: boolean;
  pinned: boolean;
  status: "PUBLIC" | "HIDDEN";
  username: string;
  display_name: string;
  profile_image: string;
  parent_comment_id?: string;
};

const logId = () => randomBytes(12).toString("hex").toUpperCase();
const ok = (data: unknown): FakeReply => ({
  status: 200,
  body: { data, error: { code: "ok", message: "", log_id: logId() } },
});
const fail = (code: string, message: string, status = 400): FakeReply => ({
  status,
  body: { data: {}, error: { code, message, log_id: logId() } },
});
const BASE = "/open_api/v1.3/business/comment";

const LIST_QUERY = [
  "business_id",
  "video_id",
  "comment_ids",
  "include_replies",
  "status",
  "sort_field",
  "sort_order",
  "cursor",
  "max_count",
];
const ENUMS: Record<string, string[]> = {
  include_replies: ["true", "false"],
  status: ["PUBLIC", "ALL"],
  sort_field: ["create_time", "likes", "replies"],
  sort_order: ["asc", "desc"],
};
// Body fields per write, all required.
const WRITES: Record<string, string[]> = {
  "/create/": ["business_id", "video_id", "text"],
  "/reply/create/": ["business_id", "video_id", "comment_id", "text"],
  "/delete/": ["business_id", "comment_id"],
  "/hide/": ["business_id", "video_id", "comment_id", "action"],
  "/like/": ["business_id", "comment_id", "action"],
  "/pin/": ["business_id", "video_id", "comment_id", "action"],
};
const ACTIONS: Record<string, string[]> = {
  "/hide/": ["HIDE", "UNHIDE"],
  "/like/": ["LIKE", "UNLIKE"],
  "/pin/": ["PIN", "UNPIN"],
};

export const tiktokComments = (owner: () => { open_id: string; username: string; display_name: string }) => {
  let seq = 7_300_000_000_000_000_000n;
  const state = {
    videos: new Set<string>(),
    comments: new Map<string, TikTokFakeComment>(),
    requests: [] as { path: string; query: Record<string, string>; body: Record<string, unknown> | null }[],
    addVideo: (id: string) => void state.videos.add(id),
    // A viewer's comment (or reply, with `parent`) on a video; returns its id.
    addViewerComment: (
      videoId: string,
      text: string,
      { parent, at = Date.now() }: { parent?: string; at?: number } = {},
    ) => add({ video_id: videoId, text, parent, owner: false, at }),
    requestsTo: (path: string) => state.requests.filter((r) => r.path === path),
  };
  const add = ({
    video_id,
    text,
    parent,
    owner: mine,
    at,
  }: {
    video_id: string;
    text: string;
    parent?: string;
    owner: boolean;
    at: number;
  }) => {
    const me = owner();
    const id = String((seq += 1n));
    state.comments.set(id, {
      comment_id: id,
      video_id,
      user_id: mine ? me.open_id : `viewer-${id.slice(-4)}`,
      create_time: Math.floor(at / 1000),
      text,
      likes: 0,
      owner: mine,
      liked: false,
      pinned: false,
      status: "PUBLIC",
      username: mine ? me.username : "viewer",
      display_name: mine ? me.display_name : "Viewer",
      profile_image: "https://p16.tiktokcdn.example/viewer.jpeg",
      ...(parent && { parent_comment_id: parent }),
    });
    return id;
  };

  const list = (res: ServerResponse, query: URLSearchParams) => {
    const q = Object.fromEntries(query);
    const unknown = Object.keys(q).find((k) => !LIST_QUERY.includes(k));
    if (unknown) return send(res, fail("invalid_params", `Unknown parameter: ${unknown}`));
    const badEnum = Object.keys(ENUMS).find((k) => q[k] !== undefined && !ENUMS[k]!.includes(q[k]!));
    if (badEnum) return send(res, fail("invalid_params", `Invalid value for ${badEnum}`));
    const max = Number(q.max_count ?? "20");
    const cursor = Number(q.cursor ?? "0");
    if (!Number.isInteger(max) || max < 1 || max > 30)
      return send(res, fail("invalid_params", "max_count must be 1 to 30"));
    if (!Number.isInteger(cursor) || cursor < 0) return send(res, fail("invalid_params", "Invalid cursor"));
    if (!q.video_id || !state.videos.has(q.video_id)) return send(res, fail("video_not_found", "Video not found", 404));
    const rows = [...state.comments.values()]
      .filter((c) => c.video_id === q.video_id && (q.include_replies === "true" || !c.parent_comment_id))
      .sort(
        (a, b) =>
          (q.sort_order === "asc" ? 1 : -1) *
          (a.create_time - b.create_time || Number(BigInt(a.comment_id) - BigInt(b.comment_id))),
      );
    const page = rows.slice(cursor, cursor + max).map((c) => ({
      ...c,
      replies: rows.filter((r) => r.parent_comment_id === c.comment_id).length,
    }));
    send(res, ok({ comments: page, cursor: cursor + page.length, has_more: cursor + page.length < rows.length }));
  };

  const write = (res: ServerResponse, path: string, body: Record<string, unknown>) => {
    const fields = WRITES[path]!;
    const unknown = Object.keys(body).find((k) => !fields.includes(k));
    if (unknown) return send(res, fail("invalid_params", `Unknown field: ${unknown}`));
    const missing = fields.find((k) => typeof body[k] !== "string" || body[k] === "");
    if (missing) return send(res, fail("invalid_params", `Missing or invalid field: ${missing}`));
    if (ACTIONS[path] && !ACTIONS[path]!.includes(body.action as string))
      return send(res, fail("invalid_params", `Invalid action: ${String(body.action)}`));
    const videoId = body.video_id as string | undefined;
    if (videoId !== undefined && !state.videos.has(videoId))
      return send(res, fail("video_not_found", "Video not found", 404));
    if (path === "/create/")
      return send(res, created(add({ video_id: videoId!, text: body.text as string, owner: true, at: Date.now() })));
    const target = state.comments.get(body.comment_id as string);
    if (!target || (videoId !== undefined && target.video_id !== videoId))
      return send(res, fail("comment_not_found", "Comment not found", 404));
    if (path === "/reply/create/") {
      if (target.parent_comment_id)
        return send(res, fail("invalid_params", "Replies can only answer top-level comments"));
      return send(
        res,
        created(
          add({
            video_id: videoId!,
            text: body.text as string,
            parent: target.comment_id,
            owner: true,
            at: Date.now(),
          }),
        ),
      );
    }
    if (path === "/delete/") {
      if (!target.owner)
        return send(res, fail("permission_denied", "Only the account's own comments can be deleted", 403));
      state.comments.delete(target.comment_id);
    }
    if (path === "/hide/") target.status = body.action === "HIDE" ? "HIDDEN" : "PUBLIC";
    if (path === "/like/") target.liked = body.action === "LIKE";
    if (path === "/pin/") target.pinned = body.action === "PIN";
    send(res, ok({}));
  };
  const created = (id: string) => {
    const c = state.comments.get(id)!;
    return ok({ comment_id: c.comment_id, video_id: c.video_id, text: c.text, create_time: c.create_time });
  };

  // Answers a request under /open_api/v1.3/business/comment/; false when the path is not one of them.
  const handle = (
    res: ServerResponse,
    method: string,
    url: URL,
    accessToken: string | undefined,
    tokenValid: (t: string) => boolean,
    rawBody: string,
    contentType: string | undefined,
  ) => {
    if (!url.pathname.startsWith(`${BASE}/`)) return false;
    const path = url.pathname.slice(BASE.length);
    const isList = path === "/list/";
    if (!isList && !WRITES[path]) return false;
    if (method !== (isList ? "GET" : "POST"))
      return (send(res, fail("invalid_params", `Method ${method} not allowed`, 405)), true);
    if (!accessToken || !tokenValid(accessToken))
      return (
        send(res, fail("access_token_invalid", "The access token is invalid or not found in the request.", 401)),
        true
      );
    let body: Record<string, unknown> | null = null;
    if (!isList) {
      if (url.search) return (send(res, fail("invalid_params", "Unexpected query parameters")), true);
      if (!contentType?.startsWith("application/json"))
        return (send(res, fail("invalid_params", "Content-Type must be application/json")), true);
      try {
        body = JSON.parse(rawBody || "null") as Record<string, unknown>;
      } catch {
        return (send(res, fail("invalid_params", "The request body is not valid JSON")), true);
      }
      if (!body || typeof body !== "object")
        return (send(res, fail("invalid_params", "The body must be an object")), true);
    }
    state.requests.push({ path, query: Object.fromEntries(url.searchParams), body });
    const businessId = isList ? url.searchParams.get("business_id") : body!.business_id;
    if (businessId !== owner().open_id)
      return (send(res, fail("permission_denied", "business_id is not this token's account", 403)), true);
    if (isList) list(res, url.searchParams);
    else write(res, path, body!);
    return true;
  };
  return { state, handle };
};
