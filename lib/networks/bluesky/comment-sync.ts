import type { CommentSync, InboundAttachment, InboundComment, ProfileAuth } from "../types";
import { accessTokenOf } from "./publish";
import { parseAtUri } from "./record-key";
import { xrpcQuery, type BlueskyCtx } from "./xrpc";

// Replies polled from the AppView (through the PDS): app.bsky.feed.getPostThread on our post with
// depth 6, every reply flattened in thread order (parents first) with its parent's AT URI, which is the
// post's own URI for a top-level reply. Bluesky pushes nothing, and the spec emits no comment.created
// for it. Blocked and deleted replies (notFoundPost, blockedPost) and their branches are skipped.

export const REPLY_DEPTH = 6;
const FRESH_POLL_MS = 10 * 60_000;

type PostView = {
  uri: string;
  cid?: string;
  author?: { did?: string; handle?: string; displayName?: string; avatar?: string };
  record?: { text?: string; createdAt?: string; langs?: string[] };
  embed?: {
    $type?: string;
    images?: { fullsize?: string; thumb?: string }[];
    external?: { uri?: string };
    media?: { images?: { fullsize?: string }[] };
  };
  likeCount?: number;
  replyCount?: number;
  indexedAt?: string;
};
type ThreadNode = { $type?: string; post?: PostView; replies?: ThreadNode[] };

const attachmentsOf = (embed: PostView["embed"]): InboundAttachment[] => {
  const images = embed?.images ?? embed?.media?.images ?? [];
  return [
    ...images.map((i) => ({ type: "image" as const, url: i.fullsize ?? null })),
    ...(embed?.external?.uri ? [{ type: "external" as const, url: embed.external.uri }] : []),
  ];
};

const permalinkOf = (view: PostView) => {
  const { rkey } = parseAtUri(view.uri);
  return `https://bsky.app/profile/${view.author?.handle ?? view.author?.did ?? parseAtUri(view.uri).repo}/post/${rkey}`;
};

const commentOf = (view: PostView, parent: string): InboundComment => ({
  externalId: view.uri,
  parentExternalId: parent,
  body: view.record?.text ?? "",
  authorExternalId: view.author?.did ?? null,
  authorUsername: view.author?.handle ?? null,
  authorName: view.author?.displayName || null,
  authorAvatarUrl: view.author?.avatar ?? null,
  metadata: null,
  likeCount: typeof view.likeCount === "number" ? view.likeCount : null,
  isHidden: null,
  permalink: permalinkOf(view),
  platformData: {
    cid: view.cid ?? null,
    reply_count: view.replyCount ?? 0,
    ...(view.record?.langs && { langs: view.record.langs }),
  },
  attachments: attachmentsOf(view.embed),
  postedAt: view.record?.createdAt ? new Date(view.record.createdAt) : view.indexedAt ? new Date(view.indexedAt) : null,
});

const flatten = (node: ThreadNode, out: InboundComment[], depth: number) => {
  if (depth > REPLY_DEPTH || !node.post) return;
  for (const reply of node.replies ?? []) {
    if (!reply.post || (reply.$type && reply.$type !== "app.bsky.feed.defs#threadViewPost")) continue;
    out.push(commentOf(reply.post, node.post.uri));
    flatten(reply, out, depth + 1);
  }
};

export const listBlueskyReplies = async (
  ctx: BlueskyCtx,
  { auth, postExternalId }: { auth: ProfileAuth; postExternalId: string },
) => {
  const { thread } = await xrpcQuery<{ thread: ThreadNode }>(
    ctx,
    "app.bsky.feed.getPostThread",
    { uri: postExternalId, depth: String(REPLY_DEPTH), parentHeight: "0" },
    accessTokenOf(auth),
  );
  const out: InboundComment[] = [];
  flatten(thread, out, 1);
  return out;
};

export const blueskyCommentSync: CommentSync<{ service_url: string }> = {
  emitsCreated: false,
  postPollMs: FRESH_POLL_MS,
  listPostComments: listBlueskyReplies,
};
