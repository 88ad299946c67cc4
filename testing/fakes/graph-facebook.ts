import type { FakeRequest } from "./graph-oauth";
import {
  ContentState,
  badParam,
  graphTime,
  needScope,
  noPermission,
  ok,
  parseJsonParam,
  unsupportedDelete,
  type FbObject,
} from "./graph-content";
import { facebookInsights } from "./graph-insights";
import { pageNode } from "./graph-page-info";
import {
  graphError,
  paged,
  selectFields,
  type FakePage,
  type GraphState,
  type IssuedToken,
  type Reply,
} from "./graph-state";

// Facebook Page publishing on the Graph fake (networks.md "facebook"): /{page-id}/feed, /photos,
// /videos (graph-video host), /video_reels and /video_stories (start, rupload, finish), /photo_stories,
// the Page's lists (published_posts, videos, video_reels, stories), node reads (permalink_url, a reel's
// status), DELETE /{id} and insights (comments: graph-comments.ts). Writes need the Page's own token with pages_manage_posts.

const findPage = (state: GraphState, id: string): FakePage | undefined => {
  for (const user of state.facebookUsers.values()) for (const page of user.pages ?? []) if (page.id === id) return page;
  return undefined;
};

const pageToken = (token: IssuedToken, pageId: string): Reply | null =>
  token.kind === "page" && token.pageId === pageId
    ? null
    : noPermission("Publishing to or reading a Page requires that Page's access token");

const permalinkOf = (o: FbObject) => {
  const [, post] = o.id.split("_");
  if (o.kind === "post") return `https://www.facebook.com/${o.pageId}/posts/${post}`;
  if (o.kind === "video") return `/${o.pageId}/videos/${o.id}/`;
  if (o.kind === "reel") return `https://www.facebook.com/reel/${o.id}`;
  if (o.kind === "photo") return `https://www.facebook.com/photo.php?fbid=${o.id}`;
  return `https://www.facebook.com/stories/${o.pageId}`;
};

const nodeOf = (content: ContentState, o: FbObject): Record<string, unknown> => ({
  id: o.id,
  created_time: graphTime(o.createdAt),
  permalink_url: permalinkOf(o),
  ...(o.message !== undefined && { message: o.message }),
  ...(o.description !== undefined && { description: o.description }),
  ...(o.kind === "reel" && { status: reelStatus(content, o) }),
});

// A reel's processing as `GET /{video-id}?fields=status` shows it: processing for a few reads after
// `finish`, then complete (or the scripted error).
const reelStatus = (content: ContentState, o: FbObject) => {
  if (o.phase !== "finished")
    return {
      video_status: "upload_complete",
      uploading_phase: { status: o.phase === "uploaded" ? "complete" : "not_started" },
    };
  o.statusReads = (o.statusReads ?? 0) + 1;
  if (o.statusReads <= content.videoReads)
    return {
      video_status: "processing",
      processing_phase: { status: "in_progress" },
      publishing_phase: { status: "not_started" },
    };
  if (o.fields.__error)
    return { video_status: "error", processing_phase: { status: "error", error: { message: o.fields.__error } } };
  return {
    video_status: "ready",
    processing_phase: { status: "complete" },
    publishing_phase: { status: "complete", publish_status: "published" },
  };
};

const create = (content: ContentState, init: Omit<FbObject, "createdAt">): FbObject => {
  const o = { ...init, createdAt: content.graph.now() };
  content.facebook.set(o.id, o);
  return o;
};

const targetingError = (value: string | undefined): Reply | null => {
  if (value === undefined) return null;
  const parsed = parseJsonParam(value) as { geo_locations?: { countries?: unknown } } | symbol;
  const countries = typeof parsed === "object" ? parsed.geo_locations?.countries : undefined;
  return Array.isArray(countries) && countries.every((c) => typeof c === "string" && /^[A-Z]{2}$/.test(c))
    ? null
    : badParam("(#100) Invalid targeting spec");
};

const publishEdge = (content: ContentState, pageId: string, edge: string, req: FakeRequest, origin: string): Reply => {
  const f = req.form;
  const fail = targetingError(f.targeting);
  if (fail) return fail;
  const id = () => content.id();
  switch (edge) {
    case "feed": {
      const attached = Object.keys(f)
        .filter((k) => /^attached_media\[\d+\]$/.test(k))
        .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]))
        .map((k) => (parseJsonParam(f[k]) as { media_fbid?: string } | undefined)?.media_fbid);
      for (const fbid of attached) {
        const photo = fbid ? content.facebook.get(fbid) : undefined;
        if (!photo || photo.kind !== "photo" || photo.pageId !== pageId || photo.published)
          return badParam("(#100) attached_media must reference unpublished photos of this Page");
      }
      if (!f.message && !f.link && attached.length === 0) return badParam("(#100) Missing message or attachment");
      const post = create(content, {
        id: `${pageId}_${id()}`,
        pageId,
        kind: "post",
        published: true,
        fields: f,
        message: f.message,
        attachedMedia: attached as string[],
      });
      for (const fbid of attached) content.facebook.get(fbid!)!.postId = post.id;
      return ok({ id: post.id });
    }
    case "photos": {
      if (!f.url) return graphError(400, { message: "(#324) Requires upload file", code: 324 });
      if (content.unfetchable.has(f.url))
        return graphError(400, { message: "(#324) Missing or invalid image file", code: 324 });
      const published = f.published !== "false";
      const photo = create(content, { id: id(), pageId, kind: "photo", published, fields: f, message: f.caption });
      if (!published) return ok({ id: photo.id });
      const post = create(content, {
        id: `${pageId}_${id()}`,
        pageId,
        kind: "post",
        published: true,
        fields: f,
        message: f.caption,
        attachedMedia: [photo.id],
      });
      photo.postId = post.id;
      return ok({ id: photo.id, post_id: post.id });
    }
    case "videos": {
      if (req.host !== "graph-video.facebook.com")
        return badParam("(#100) Video uploads go to graph-video.facebook.com");
      if (!f.file_url) return badParam("(#100) file_url or source is required");
      if (content.unfetchable.has(f.file_url))
        return graphError(400, {
          message: "(#352) The video file you selected is in a format that we don't support.",
          code: 352,
        });
      return ok({
        id: create(content, {
          id: id(),
          pageId,
          kind: "video",
          published: true,
          fields: f,
          description: f.description,
          fileUrl: f.file_url,
        }).id,
      });
    }
    case "video_reels":
    case "video_stories": {
      const kind = edge === "video_reels" ? "reel" : "story";
      if (f.upload_phase === "start") {
        const video = create(content, {
          id: id(),
          pageId,
          kind,
          published: false,
          fields: {},
          mediaType: "video",
          phase: "started",
        });
        return ok({
          video_id: video.id,
          upload_url: `${origin}/rupload.facebook.com/video-upload/${req.version}/${video.id}`,
        });
      }
      if (f.upload_phase !== "finish") return badParam("(#100) upload_phase must be start or finish");
      const video = f.video_id ? content.facebook.get(f.video_id) : undefined;
      if (!video || video.kind !== kind || video.pageId !== pageId) return badParam("(#100) Invalid video_id");
      if (video.phase !== "uploaded")
        return graphError(400, { message: "The video has not been uploaded yet", code: 6000, error_subcode: 1363130 });
      if (kind === "reel" && !["PUBLISHED", "DRAFT", "SCHEDULED"].includes(f.video_state ?? ""))
        return badParam("(#100) video_state must be PUBLISHED, DRAFT or SCHEDULED");
      const outcome = content.scriptedOutcomes.shift();
      Object.assign(video, {
        phase: "finished",
        published: true,
        description: f.description,
        fields: { ...f, ...(outcome?.status === "ERROR" && { __error: outcome.message ?? "Video processing failed" }) },
      });
      if (kind === "reel") return ok({ success: true });
      video.postId = `${pageId}_${id()}`;
      return ok({ success: true, post_id: video.postId });
    }
    case "photo_stories": {
      const photo = f.photo_id ? content.facebook.get(f.photo_id) : undefined;
      if (!photo || photo.kind !== "photo" || photo.published || photo.pageId !== pageId)
        return badParam("(#100) photo_id must be an unpublished photo of this Page");
      const story = create(content, {
        id: id(),
        pageId,
        kind: "story",
        published: true,
        fields: f,
        mediaType: "photo",
        postId: `${pageId}_${id()}`,
      });
      return ok({ success: true, post_id: story.postId });
    }
  }
  return badParam(`(#100) Unknown edge ${edge}`);
};

const listEdge = (content: ContentState, pageId: string, edge: string, req: FakeRequest): Reply | null => {
  const q = req.query;
  const list = (
    filter: (o: FbObject) => boolean,
    defaults: string,
    shape: (o: FbObject) => Record<string, unknown> = (o) => nodeOf(content, o),
  ) =>
    ok(
      paged(
        content.listFacebook(pageId, filter).map((o) => selectFields(shape(o), q.fields, defaults)),
        q,
        req.url,
      ),
    );
  if (edge === "published_posts") return list((o) => o.kind === "post", "id,message,created_time");
  if (edge === "videos") return list((o) => o.kind === "video", "id,description,updated_time");
  if (edge === "video_reels")
    return list((o) => o.kind === "reel" && o.phase === "finished", "id,description,updated_time");
  if (edge === "stories") {
    return list(
      (o) => o.kind === "story" && o.published,
      "post_id,status,creation_time",
      (o) => ({
        post_id: o.postId,
        status: "PUBLISHED",
        creation_time: String(Math.floor(o.createdAt / 1000)),
        media_type: o.mediaType,
        media_id: o.id,
      }),
    );
  }
  return null;
};

// rupload.facebook.com/video-upload/{version}/{video-id} with `Authorization: OAuth` and `file_url`.
export const rupload = (content: ContentState, req: FakeRequest, token: IssuedToken): Reply => {
  const [, , videoId = ""] = req.path.split("/");
  const video = content.facebook.get(videoId);
  const debug = (message: string) => ({
    status: 400,
    body: { debug_info: { retriable: false, type: "ProcessingFailedError", message } },
  });
  if (req.method !== "POST") return debug("Use POST");
  if (!video || video.phase !== "started") return debug("No upload session for this video id");
  if (token.kind !== "page" || token.pageId !== video.pageId) return debug("The token cannot upload to this Page");
  const fileUrl = req.headers.file_url;
  if (typeof fileUrl !== "string" || !fileUrl)
    return debug("Missing file_url header (byte uploads are not supported by this fake)");
  if (content.unfetchable.has(fileUrl)) return debug("Failed to download the file at file_url");
  Object.assign(video, { phase: "uploaded", fileUrl });
  return ok({ success: true });
};

// DELETE /{id}: a post, photo, video or reel by its id, a story by its post id. The object leaves the
// fake (a photo post takes its photo along); an unknown or already deleted id answers code 100/33.
const deleteObject = (content: ContentState, token: IssuedToken, id: string): Reply => {
  const object =
    content.facebook.get(id) ?? [...content.facebook.values()].find((o) => o.kind === "story" && o.postId === id);
  if (!object) return unsupportedDelete(id);
  const denied = pageToken(token, object.pageId) ?? needScope(token, "pages_manage_posts");
  if (denied) return denied;
  content.facebook.delete(object.id);
  for (const o of content.facebook.values())
    if (o.kind === "photo" && o.published && o.postId === object.id) content.facebook.delete(o.id);
  return ok({ success: true });
};

// Routes owned by Facebook content, or null when the path is not one of them (WABA reads etc.).
export const facebookContent = (
  state: GraphState,
  content: ContentState,
  req: FakeRequest,
  token: IssuedToken,
  origin: string,
): Reply | null => {
  const [id = "", edge, ...rest] = req.path.split("/");
  if (rest.length > 0) return null;
  const page = findPage(state, id);
  if (req.method === "DELETE")
    return edge === undefined && !page ? deleteObject(content, token, id) : unsupportedDelete(id);
  if (page) {
    const denied = pageToken(token, id);
    if (denied) return denied;
    if (edge === undefined) return pageNode(content, page, token, req);
    if (edge === "insights") return needScope(token, "read_insights") ?? facebookInsights(content, id, "page", req);
    if (req.method === "POST" && edge)
      return needScope(token, "pages_manage_posts") ?? publishEdge(content, id, edge, req, origin);
    if (edge) return needScope(token, "pages_read_engagement") ?? listEdge(content, id, edge, req);
    return null;
  }
  const object = content.facebook.get(id);
  if (!object) return null;
  const denied = pageToken(token, object.pageId);
  if (denied) return denied;
  if (edge === undefined && req.method === "GET")
    return ok(selectFields(nodeOf(content, object), req.query.fields, "id,created_time"));
  // comments: graph-comments.ts
  if (edge === "insights" || edge === "video_insights") {
    return (
      needScope(token, "read_insights") ??
      facebookInsights(
        content,
        id,
        edge === "insights" ? (object.kind === "post" ? "post" : "none") : object.kind === "reel" ? "reel" : "video",
        req,
      )
    );
  }
  return null;
};
