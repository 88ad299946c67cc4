import type { FakeRequest } from "./graph-oauth";
import {
  ContentState,
  badParam,
  graphTime,
  needScope,
  noPermission,
  ok,
  unsupportedDelete,
  type Container,
  type PublishedMedia,
} from "./graph-content";
import { validateInstagram, validateThreads } from "./graph-media-rules";
import {
  instagramAccountInsights,
  instagramMediaInsights,
  threadsMediaInsights,
  threadsUserInsights,
} from "./graph-insights";
import { graphError, paged, selectFields, type GraphState, type IssuedToken, type Reply } from "./graph-state";

// The container lifecycle of Instagram and Threads on the Graph fake (networks.md "instagram"
// containers / status & publish, "threads" publish / replies): POST /{user}/media|threads creates a
// container (checked as Meta checks it, see graph-media-rules.ts), GET /{container} reports it
// IN_PROGRESS for a few reads (videos) and then FINISHED (or a scripted ERROR/EXPIRED), POST
// /{user}/media_publish|threads_publish turns a FINISHED container into media exactly once. Plus the
// media lists (media, stories, threads, replies), media nodes, Instagram comments and insights, and
// Threads' DELETE /{threads-media-id} (Instagram has no delete).

type Family = "instagram" | "threads";
const EDGES = {
  instagram: { create: "media", publish: "media_publish" },
  threads: { create: "threads", publish: "threads_publish" },
} as const;

type Account = { key: string; username: string; ids: string[]; node: Record<string, unknown> };

const accountOf = (state: GraphState, content: ContentState, family: Family, token: IssuedToken): Account | null => {
  if (family === "instagram") {
    const user = state.instagramUsers.get(token.userId);
    if (!user) return null;
    const counts = {
      followers_count: content.metric(user.user_id, "followers_count"),
      follows_count: content.metric(user.user_id, "follows_count"),
      media_count: content.listMedia("instagram", user.user_id, () => true).length,
    };
    return {
      key: user.user_id,
      username: user.username,
      ids: ["me", user.id, user.user_id],
      node: { ...user, ...counts },
    };
  }
  const user = state.threadsUsers.get(token.userId);
  return user ? { key: user.id, username: user.username, ids: ["me", user.id], node: { ...user } } : null;
};

const shortcode = (id: string) => Buffer.from(id).toString("base64url").slice(0, 11);

const nodeOf = (m: PublishedMedia, username: string): Record<string, unknown> => ({
  id: m.id,
  media_type: m.mediaType,
  timestamp: graphTime(m.createdAt),
  permalink: m.permalink,
  shortcode: shortcode(m.id),
  username,
  ...(m.family === "instagram"
    ? { caption: m.text, media_product_type: m.productType, comments_count: 0, like_count: 0 }
    : {
        text: m.text,
        is_reply: m.repliedTo !== undefined,
        topic_tag: m.topicTag,
        ...(m.repliedTo && { replied_to: { id: m.repliedTo }, root_post: { id: m.rootPost } }),
      }),
});

// One status read: IN_PROGRESS while reads are left, then the outcome. A carousel waits for its children.
const advance = (content: ContentState, c: Container): Container["status"] => {
  if (c.status !== "IN_PROGRESS") return c.status;
  if (c.readsLeft > 0) {
    c.readsLeft--;
    return c.status;
  }
  const children = (c.fields.children ?? "")
    .split(",")
    .filter(Boolean)
    .map((id) => content.containers.get(id));
  if (children.some((child) => child?.status !== "FINISHED")) return c.status;
  c.status = c.outcome.status;
  return c.status;
};

const statusBody = (c: Container) => {
  if (c.family === "threads")
    return {
      id: c.id,
      status: c.status,
      ...(c.status === "ERROR" && { error_message: c.outcome.message ?? "UNKNOWN" }),
    };
  const text = {
    IN_PROGRESS: "In Progress: Media is still being processed.",
    FINISHED: "Finished: Media has been uploaded and it is ready to be published.",
    PUBLISHED: "Published: Media has been published.",
    EXPIRED: "Expired: The container was not published within 24 hours.",
    ERROR: `Error: ${c.outcome.message ?? "Media upload has failed with error code 2207001"}`,
  };
  return { id: c.id, status_code: c.status, status: text[c.status] };
};

const createContainer = (content: ContentState, family: Family, account: Account, req: FakeRequest): Reply => {
  const f = req.form;
  const problem =
    family === "instagram" ? validateInstagram(content, account.key, f) : validateThreads(content, account.key, f);
  if (problem) return problem;
  const url = f.video_url ?? f.image_url;
  const video = Boolean(f.video_url);
  const scripted = content.scriptedOutcomes.shift();
  const downloadFailed = url !== undefined && content.unfetchable.has(url);
  const outcome: Container["outcome"] = downloadFailed
    ? {
        status: "ERROR",
        message:
          family === "threads"
            ? "FAILED_DOWNLOADING_VIDEO"
            : "Media download has failed. The media URI doesn't meet our requirements. (2207052)",
      }
    : (scripted ?? { status: "FINISHED" });
  const container: Container = {
    id: content.id(family === "instagram" ? "1789" : "1801"),
    family,
    userId: account.key,
    fields: f,
    status: "IN_PROGRESS",
    readsLeft: video ? content.videoReads : 0,
    outcome,
    createdAt: content.graph.now(),
  };
  content.containers.set(container.id, container);
  return ok({ id: container.id });
};

const publish = (content: ContentState, family: Family, account: Account, req: FakeRequest): Reply => {
  const container = req.form.creation_id ? content.containers.get(req.form.creation_id) : undefined;
  if (
    !container ||
    container.family !== family ||
    container.userId !== account.key ||
    container.fields.is_carousel_item === "true"
  ) {
    return badParam("(#100) Param creation_id must be a valid container id of this account");
  }
  if (container.status === "PUBLISHED")
    return graphError(400, { message: "The media has already been published", code: 100, error_subcode: 2207006 });
  if (container.status !== "FINISHED") {
    return graphError(400, {
      message: "Media ID is not available",
      code: 9007,
      error_subcode: 2207027,
      error_user_msg: "The media is not ready for publishing, please wait for a moment",
    });
  }
  const f = container.fields;
  const id = family === "instagram" ? content.igMediaId() : content.id("1802");
  const parent = f.reply_to_id ? content.media.get(f.reply_to_id) : undefined;
  const type = f.media_type ?? "IMAGE";
  const media: PublishedMedia = {
    id,
    family,
    userId: account.key,
    containerId: container.id,
    mediaType:
      type === "CAROUSEL"
        ? "CAROUSEL_ALBUM"
        : type === "TEXT"
          ? "TEXT_POST"
          : type === "REELS" || f.video_url
            ? "VIDEO"
            : "IMAGE",
    ...(family === "instagram" && { productType: type === "REELS" ? "REELS" : type === "STORIES" ? "STORY" : "FEED" }),
    text: family === "instagram" ? f.caption : f.text,
    children: (f.children ?? "").split(",").filter(Boolean),
    ...(parent && { repliedTo: parent.id, rootPost: parent.rootPost ?? parent.id }),
    ...(f.topic_tag && { topicTag: f.topic_tag }),
    permalink:
      family === "threads"
        ? `https://www.threads.com/@${account.username}/post/${shortcode(id)}`
        : type === "STORIES"
          ? `https://www.instagram.com/stories/${account.username}/${id}/`
          : `https://www.instagram.com/${type === "REELS" ? "reel" : "p"}/${shortcode(id)}/`,
    createdAt: content.graph.now(),
  };
  content.media.set(id, media);
  container.status = "PUBLISHED";
  container.mediaId = id;
  return ok({ id });
};

// DELETE /{threads-media-id}: the owner's token with threads_delete; answers {success, deleted_id}. The
// media leaves the fake; an unknown or already deleted id answers code 100/33.
const deleteThreadsMedia = (
  content: ContentState,
  account: Account,
  token: IssuedToken,
  id: string,
  media: PublishedMedia | undefined,
): Reply => {
  if (!media || media.family !== "threads") return unsupportedDelete(id);
  const missing = needScope(token, "threads_delete");
  if (missing) return missing;
  if (media.userId !== account.key) return noPermission("Only the author can delete this post");
  content.media.delete(id);
  return ok({ success: true, deleted_id: id });
};

const SCOPES = {
  instagram: {
    publish: "instagram_business_content_publish",
    insights: "instagram_business_manage_insights",
    comments: "instagram_business_manage_comments",
    read: "instagram_business_basic",
  },
  threads: {
    publish: "threads_content_publish",
    insights: "threads_manage_insights",
    comments: "threads_manage_replies",
    read: "threads_basic",
  },
};

export const mediaContent = (
  state: GraphState,
  content: ContentState,
  family: Family,
  req: FakeRequest,
  token: IssuedToken,
): Reply | null => {
  const account = accountOf(state, content, family, token);
  if (!account) return null;
  const [id = "", edge, ...rest] = req.path.split("/");
  if (rest.length > 0) return null;
  const scopes = SCOPES[family];
  const list = (filter: (m: PublishedMedia) => boolean) =>
    needScope(token, scopes.read) ??
    ok(
      paged(
        content
          .listMedia(family, account.key, filter)
          .map((m) => selectFields(nodeOf(m, account.username), req.query.fields, "id")),
        req.query,
        req.url,
      ),
    );

  if (account.ids.includes(id)) {
    const dayAgo = content.graph.now() - 24 * 3600_000;
    if (edge === undefined && req.method === "GET")
      return ok(selectFields(account.node, req.query.fields, family === "instagram" ? "id,username" : "id"));
    if (req.method === "POST" && edge === EDGES[family].create) {
      return (
        needScope(token, scopes.publish) ??
        (req.form.reply_to_id ? needScope(token, "threads_manage_replies") : null) ??
        createContainer(content, family, account, req)
      );
    }
    if (req.method === "POST" && edge === EDGES[family].publish)
      return needScope(token, scopes.publish) ?? publish(content, family, account, req);
    if (family === "instagram" && edge === "media") return list((m) => m.productType !== "STORY");
    if (family === "instagram" && edge === "stories")
      return list((m) => m.productType === "STORY" && m.createdAt >= dayAgo);
    if (family === "instagram" && edge === "insights")
      return needScope(token, scopes.insights) ?? instagramAccountInsights(content, account.key, req);
    if (family === "threads" && edge === "threads") return list((m) => m.repliedTo === undefined);
    if (family === "threads" && edge === "replies") return list((m) => m.repliedTo !== undefined);
    if (family === "threads" && edge === "threads_insights")
      return needScope(token, scopes.insights) ?? threadsUserInsights(content, account.key, req);
    return null;
  }
  const container = content.containers.get(id);
  if (container && container.family === family && container.userId === account.key && edge === undefined) {
    advance(content, container);
    return ok(selectFields(statusBody(container), req.query.fields, "id"));
  }
  const media = content.media.get(id);
  if (family === "threads" && req.method === "DELETE" && edge === undefined)
    return deleteThreadsMedia(content, account, token, id, media);
  if (!media || media.family !== family) return null;
  if (edge === undefined && req.method === "GET")
    return ok(selectFields(nodeOf(media, account.username), req.query.fields, "id"));
  if (edge === "insights") {
    return (
      needScope(token, scopes.insights) ??
      (family === "instagram" ? instagramMediaInsights(content, media, req) : threadsMediaInsights(content, media, req))
    );
  }
  return null; // comments: graph-comments.ts
};
