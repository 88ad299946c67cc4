import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { send, type FakeReply } from "./support";
import { tiktokBusinessPosting } from "./tiktok-business-posting";
import { businessVideoList } from "./tiktok-business-videos";

// The TikTok fake's API for Business comment endpoints (/open_api/v1.3/business/comment/…), strict like
// the real API: the `Access-Token` header must hold a token the fake issued, `business_id` must be the
// user's open_id, unknown query parameters, unknown body fields, unknown enum values and out-of-range
// numbers are refused. Answers use the API for Business envelope `{code, message, request_id, data}`
// (code 0 = OK) with its numeric codes, errors in an HTTP 200 like the real API. Sources: TikTok's SDK
// github.com/tiktok/tiktok-business-api-sdk (js_sdk/src/ApiClient.js, python_sdk/.../tiktok_code.py);
// parameters and fields as in github.com/sns-sdks/python-tiktok (pytiktok/business_account_api.py,
// docs/docs/usage/business_account/comment.md) and github.com/bububa/tiktok-business
// (model/business/comment/*.go).

export type TikTokFakeComment = {
  comment_id: string;
  video_id: string;
  user_id: string;
  unique_identifier: string;
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

// tiktok_code.py: 0 OK, 40001 permission error, 40002 parameter error, 40007 not exist, 40100 too
// frequent, 40105 invalid access token, 40400 route not found.
export const CODES = { ok: 0, permission: 40001, param: 40002, notExist: 40007, rate: 40100, token: 40105 };
const requestId = () => `2026${randomBytes(13).toString("hex").toUpperCase()}`;
const ok = (data: unknown): FakeReply => ({
  status: 200,
  body: { code: 0, message: "OK", request_id: requestId(), data },
});
export const businessOk = ok;
// An API for Business error (also for failNext in tests).
export const businessApiError = (code: number, message: string, status = 200): FakeReply => ({
  status,
  body: { code, message, request_id: requestId(), data: {} },
});
const param = (message: string) => businessApiError(CODES.param, message);
const ROOT = "/open_api/v1.3/business";
const VIDEOS = "/video/list/"; // tiktok-business-videos.ts
const MAX_TEXT = 150;
const ORDER = { sort_field: ["create_time", "likes", "replies"], sort_order: ["asc", "desc", "smart"] };

// Query parameters per list, and their enums.
const LISTS: Record<string, string[]> = {
  "/list/": [
    "business_id",
    "video_id",
    "comment_ids",
    "include_replies",
    "status",
    "sort_field",
    "sort_order",
    "cursor",
    "max_count",
  ],
  "/reply/list/": [
    "business_id",
    "video_id",
    "comment_id",
    "status",
    "sort_field",
    "sort_order",
    "cursor",
    "max_count",
  ],
};
const ENUMS: Record<string, string[]> = { include_replies: ["true", "false"], status: ["PUBLIC", "ALL"], ...ORDER };
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
  const posting = tiktokBusinessPosting(state.videos); // tiktok-business-posting.ts
  const add = (c: { video_id: string; text: string; parent?: string; owner: boolean; at: number }) => {
    const me = owner();
    const id = String((seq += 1n));
    state.comments.set(id, {
      comment_id: id,
      video_id: c.video_id,
      user_id: c.owner ? me.open_id : `viewer-${id.slice(-4)}`,
      unique_identifier: c.owner ? `+${me.open_id}` : `+viewer-${id.slice(-4)}`,
      create_time: Math.floor(c.at / 1000),
      text: c.text,
      likes: 0,
      owner: c.owner,
      liked: false,
      pinned: false,
      status: "PUBLIC",
      username: c.owner ? me.username : "viewer",
      display_name: c.owner ? me.display_name : "Viewer",
      profile_image: "https://p16.tiktokcdn.example/viewer.jpeg",
      ...(c.parent && { parent_comment_id: c.parent }),
    });
    return id;
  };
  const repliesOf = (id: string) => [...state.comments.values()].filter((r) => r.parent_comment_id === id);
  // A comment as the lists show it: create_time as a string of seconds, `replies` counted.
  const shown = ({ create_time, ...c }: TikTokFakeComment) => ({
    ...c,
    create_time: String(create_time),
    ...(!c.parent_comment_id && { replies: repliesOf(c.comment_id).length }),
  });

  const list = (res: ServerResponse, path: string, q: Record<string, string>) => {
    const unknown = Object.keys(q).find((k) => !LISTS[path]!.includes(k));
    if (unknown) return send(res, param(`Unknown parameter: ${unknown}`));
    const badEnum = Object.keys(ENUMS).find((k) => q[k] !== undefined && !ENUMS[k]!.includes(q[k]!));
    if (badEnum) return send(res, param(`Invalid value for ${badEnum}: ${q[badEnum]}`));
    const max = Number(q.max_count ?? "20");
    const cursor = Number(q.cursor ?? "0");
    if (!Number.isInteger(max) || max < 1 || max > 30) return send(res, param("max_count must be 1 to 30"));
    if (!Number.isInteger(cursor) || cursor < 0) return send(res, param("Invalid cursor"));
    if (!q.video_id || !state.videos.has(q.video_id))
      return send(res, businessApiError(CODES.notExist, "Video not found"));
    if (path === "/reply/list/" && !q.comment_id) return send(res, param("comment_id is required"));
    const parent = path === "/reply/list/" ? state.comments.get(q.comment_id!) : undefined;
    if (path === "/reply/list/" && (!parent || parent.video_id !== q.video_id))
      return send(res, businessApiError(CODES.notExist, "Comment not found"));
    const sign = q.sort_order === "asc" ? 1 : -1;
    const rows = [...state.comments.values()]
      .filter(
        (c) => c.video_id === q.video_id && (parent ? c.parent_comment_id === parent.comment_id : !c.parent_comment_id),
      )
      .filter((c) => q.status !== "PUBLIC" || c.status === "PUBLIC")
      .sort((a, b) => sign * (a.create_time - b.create_time || Number(BigInt(a.comment_id) - BigInt(b.comment_id))));
    // include_replies: each top-level comment carries at most 3 of its replies.
    const page = rows.slice(cursor, cursor + max).map((c) => ({
      ...shown(c),
      ...(q.include_replies === "true" && { reply_list: repliesOf(c.comment_id).slice(0, 3).map(shown) }),
    }));
    send(res, ok({ comments: page, cursor: cursor + page.length, has_more: cursor + page.length < rows.length }));
  };

  const write = (res: ServerResponse, path: string, body: Record<string, unknown>) => {
    const fields = WRITES[path]!;
    const unknown = Object.keys(body).find((k) => !fields.includes(k));
    if (unknown) return send(res, param(`Unknown field: ${unknown}`));
    const missing = fields.find((k) => typeof body[k] !== "string" || body[k] === "");
    if (missing) return send(res, param(`Missing or invalid field: ${missing}`));
    if (ACTIONS[path] && !ACTIONS[path]!.includes(body.action as string))
      return send(res, param(`Invalid action: ${String(body.action)}`));
    if (typeof body.text === "string" && [...body.text].length > MAX_TEXT)
      return send(res, param(`text must be at most ${MAX_TEXT} characters`));
    const videoId = body.video_id as string | undefined;
    if (videoId !== undefined && !state.videos.has(videoId))
      return send(res, businessApiError(CODES.notExist, "Video not found"));
    if (path === "/create/")
      return created(add({ video_id: videoId!, text: body.text as string, owner: true, at: Date.now() }));
    const target = state.comments.get(body.comment_id as string);
    if (!target || (videoId !== undefined && target.video_id !== videoId))
      return send(res, businessApiError(CODES.notExist, "Comment not found"));
    if (path === "/reply/create/") {
      if (target.parent_comment_id) return send(res, param("Replies can only answer top-level comments"));
      const at = Date.now();
      return created(
        add({ video_id: videoId!, text: body.text as string, parent: target.comment_id, owner: true, at }),
      );
    }
    if (path === "/delete/") {
      if (!target.owner)
        return send(res, businessApiError(CODES.permission, "Only the account's own comments can be deleted"));
      state.comments.delete(target.comment_id);
    }
    if (path === "/hide/") target.status = body.action === "HIDE" ? "HIDDEN" : "PUBLIC";
    if (path === "/like/") target.liked = body.action === "LIKE";
    if (path === "/pin/") target.pinned = body.action === "PIN";
    send(res, ok({}));

    function created(id: string) {
      const c = state.comments.get(id)!;
      const { comment_id, video_id, create_time, text, parent_comment_id, user_id } = c;
      send(
        res,
        ok({ comment_id, video_id, create_time, text, ...(parent_comment_id && { parent_comment_id, user_id }) }),
      );
    }
  };

  // Answers a request to /open_api/v1.3/business/comment/… or …/video/list/; false for any other path.
  const handle = (
    res: ServerResponse,
    method: string,
    url: URL,
    accessToken: string | undefined,
    tokenValid: (t: string) => boolean,
    rawBody: string,
    contentType: string | undefined,
  ) => {
    const sub = url.pathname.startsWith(`${ROOT}/`) ? url.pathname.slice(ROOT.length) : "";
    const isVideos = sub === VIDEOS;
    const isPosting = posting.isList(sub) || posting.paths.includes(sub);
    const path = isVideos || isPosting ? sub : sub.startsWith("/comment/") ? sub.slice("/comment".length) : "";
    const isList = isVideos || posting.isList(sub) || Boolean(LISTS[path]);
    if (!isList && !WRITES[path] && !isPosting) return false;
    const reply = (r: FakeReply) => (send(res, r), true);
    if (method !== (isList ? "GET" : "POST"))
      return reply(businessApiError(40400, `Method ${method} not allowed`, 405));
    if (!accessToken || !tokenValid(accessToken))
      return reply(businessApiError(CODES.token, "Access token is incorrect or has been revoked."));
    let body: Record<string, unknown> | null = null;
    if (!isList) {
      if (url.search) return reply(param("Unexpected query parameters"));
      if (!contentType?.startsWith("application/json")) return reply(param("Content-Type must be application/json"));
      try {
        body = JSON.parse(rawBody || "null") as Record<string, unknown>;
      } catch {
        return reply(param("The request body is not valid JSON"));
      }
      if (!body || typeof body !== "object" || Array.isArray(body)) return reply(param("The body must be an object"));
    }
    const query = Object.fromEntries(url.searchParams);
    state.requests.push({ path, query, body });
    const businessId = isList ? query.business_id : body!.business_id;
    if (businessId !== owner().open_id)
      return reply(businessApiError(CODES.permission, "No permission for business_id"));
    if (isPosting) send(res, posting.handle(path, query, body)!);
    else if (isVideos)
      send(res, businessVideoList(query, { ...state, ...posting.state, username: owner().username }, { ok, param }));
    else if (isList) list(res, path, query);
    else write(res, path, body!);
    return true;
  };
  return { state, posting: posting.state, handle };
};
