import { createHash } from "node:crypto";
import { graphError, type GraphState, type IssuedToken, type Reply } from "./graph-state";
import type { FakeRating } from "./graph-ratings";

// What the Graph fake stores once connectors publish: Facebook Page objects (posts, photos, videos,
// reels, stories), Instagram and Threads containers and published media, comments, and the insight
// figures the stats routes answer. Tests read these to assert exactly what was created.

export type FbKind = "post" | "photo" | "video" | "reel" | "story";
export type FbObject = {
  id: string;
  pageId: string;
  kind: FbKind;
  published: boolean;
  fields: Record<string, string>; // the form as sent
  message?: string; // feed posts and photo captions
  description?: string; // videos and reels
  attachedMedia?: string[]; // media_fbid of a multi-photo post
  postId?: string; // photos and stories: the feed post id
  mediaType?: "photo" | "video"; // stories
  fileUrl?: string; // videos fetched from a URL (rupload `file_url`, /videos `file_url`)
  phase?: "started" | "uploaded" | "finished";
  statusReads?: number; // reels: status reads since finish
  createdAt: number;
};

export type ContainerStatus = "IN_PROGRESS" | "FINISHED" | "ERROR" | "EXPIRED" | "PUBLISHED";
export type Container = {
  id: string;
  family: "instagram" | "threads";
  userId: string;
  fields: Record<string, string>;
  status: ContainerStatus;
  readsLeft: number; // IN_PROGRESS reads before it turns FINISHED (or the scripted outcome)
  outcome: { status: "FINISHED" | "ERROR" | "EXPIRED"; message?: string };
  mediaId?: string;
  createdAt: number;
};
export type PublishedMedia = {
  id: string;
  family: "instagram" | "threads";
  userId: string;
  containerId: string;
  mediaType: string; // IG: IMAGE, VIDEO, CAROUSEL_ALBUM; Threads: TEXT_POST, IMAGE, VIDEO, CAROUSEL_ALBUM
  productType?: "FEED" | "REELS" | "STORY"; // Instagram
  text?: string; // caption (IG) or text (Threads)
  children: string[]; // carousel children's container ids
  repliedTo?: string; // Threads replies
  hidden?: boolean; // Threads replies hidden by the conversation's author (manage_reply)
  rootPost?: string;
  topicTag?: string;
  permalink: string;
  createdAt: number;
};
export type FakeComment = {
  id: string;
  objectId: string; // the post or media commented on (replies too)
  message: string;
  createdAt: number;
  family: "facebook" | "instagram";
  parentId?: string; // a reply's comment
  pageId?: string; // facebook: the Page whose post it is
  fromId: string;
  fromName?: string;
  fromUsername?: string;
  hidden?: boolean;
  likedBy?: Set<string>;
};

let counter = 0;
const nextNumber = () => String(1_000_000 + ++counter);

export class ContentState {
  facebook = new Map<string, FbObject>();
  containers = new Map<string, Container>();
  media = new Map<string, PublishedMedia>();
  comments = new Map<string, FakeComment>();
  ratings = new Map<string, FakeRating>(); // page recommendations by open_graph_story id (graph-ratings.ts)
  metrics = new Map<string, Record<string, unknown>>(); // object or account id -> metric -> figure (per day for accounts)
  unfetchable = new Set<string>(); // media URLs Meta cannot download
  videoReads = 2; // IN_PROGRESS reads of a video container (or reel) before it is ready
  scriptedOutcomes: Container["outcome"][] = []; // for the next containers created, oldest first

  constructor(readonly graph: GraphState) {}

  id = (prefix = "") => `${prefix}${nextNumber()}`;
  igMediaId = () => `1790000000${nextNumber()}`;

  // A figure for a metric: the test's, else a stable number derived from the names.
  metric(objectId: string, name: string): unknown {
    const set = this.metrics.get(objectId)?.[name];
    if (set !== undefined) return set;
    return createHash("sha256").update(`${objectId}/${name}`).digest().readUInt16BE(0) % 1000;
  }

  listFacebook(pageId: string, filter: (o: FbObject) => boolean) {
    return [...this.facebook.values()]
      .filter((o) => o.pageId === pageId && filter(o))
      .sort((a, b) => b.createdAt - a.createdAt);
  }
  listMedia(family: "instagram" | "threads", userId: string, filter: (m: PublishedMedia) => boolean) {
    return [...this.media.values()]
      .filter((m) => m.family === family && m.userId === userId && filter(m))
      .sort((a, b) => b.createdAt - a.createdAt);
  }
}

// Graph times: Facebook and Instagram write `2026-01-01T12:00:00+0000`.
export const graphTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "+0000");

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const isReply = (v: unknown): v is Reply => typeof v === "object" && v !== null && "status" in v && "body" in v;
export const badParam = (message: string, subcode?: number): Reply =>
  graphError(400, { message, code: 100, ...(subcode && { error_subcode: subcode }), type: "OAuthException" });
// What Graph answers for a DELETE of an id it does not know (or no longer has): HTTP 400, code 100/33.
export const unsupportedDelete = (id: string): Reply =>
  graphError(400, {
    message: `Unsupported delete request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    code: 100,
    error_subcode: 33,
    type: "GraphMethodException",
  });
// Graph's answer for a node the token cannot reach (another account's media or comment).
export const unreachableNode = (method: string, id: string): Reply =>
  graphError(400, {
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    code: 100,
    error_subcode: 33,
    type: "GraphMethodException",
  });
export const noPermission = (message: string): Reply => graphError(403, { message: `(#200) ${message}`, code: 200 });

export const needScope = (token: IssuedToken, scope: string): Reply | null =>
  token.scopes.includes(scope) ? null : noPermission(`The ${scope} permission is required for this action`);

export const parseJsonParam = (value: string | undefined): unknown => {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return Symbol.for("invalid");
  }
};
