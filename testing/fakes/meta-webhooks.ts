import { createHmac } from "node:crypto";

// Webhook deliveries as Meta sends them (Graph webhooks: Page `feed`, Instagram `comments`, Threads
// `replies`, and the deauthorize callback), for tests of our receivers. Bodies are serialised the way
// Meta does it - non-ASCII characters as \uXXXX and `/` as `\/` - and signed over those exact bytes
// with the app secret (X-Hub-Signature-256: sha256=<hex HMAC-SHA256>), so a receiver that re-serialises
// the JSON before checking fails, as it would in production.

// Meta's JSON: escaped slashes and \u escapes for everything outside ASCII.
export const metaJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/\//g, "\\/")
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

export type MetaDelivery = { body: string; headers: Record<string, string> };

export const signMeta = (appSecret: string, body: string): MetaDelivery => ({
  body,
  headers: {
    "content-type": "application/json",
    "user-agent": "facebookexternalua",
    "x-hub-signature-256": `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`,
  },
});

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

type Change = { field: string; value: Record<string, unknown> };
const envelope = (object: string, account: string, time: Date, changes: Change[]) => ({
  object,
  entry: [{ id: account, time: seconds(time), changes }],
});

// Page feed: a comment added (or edited) on a Page post. `parentId` defaults to the post (a comment on
// the post itself), as Facebook sends it.
export const pageFeedComment = (c: {
  pageId: string;
  postId: string;
  commentId: string;
  parentId?: string;
  from: { id: string; name: string };
  message: string;
  createdTime?: Date;
  sentAt?: Date;
  verb?: "add" | "edited" | "remove" | "hide" | "unhide";
  photo?: string;
}) => {
  const created = c.createdTime ?? new Date();
  return envelope("page", c.pageId, c.sentAt ?? created, [
    {
      field: "feed",
      value: {
        from: c.from,
        post: {
          status_type: "mobile_status_update",
          is_published: true,
          updated_time: new Date(created).toISOString().replace(/\.\d{3}Z$/, "+0000"),
          promotion_status: "inactive",
          id: c.postId,
        },
        message: c.message,
        post_id: c.postId,
        comment_id: c.commentId,
        created_time: seconds(created),
        item: "comment",
        parent_id: c.parentId ?? c.postId,
        verb: c.verb ?? "add",
        ...(c.photo && { photo: c.photo }),
      },
    },
  ]);
};

// A reaction on a Page post (field feed, item reaction): not a comment.
export const pageFeedReaction = (r: { pageId: string; postId: string; from: { id: string; name: string } }) =>
  envelope("page", r.pageId, new Date(), [
    {
      field: "feed",
      value: {
        item: "reaction",
        verb: "add",
        reaction_type: "like",
        post_id: r.postId,
        from: r.from,
        created_time: seconds(new Date()),
      },
    },
  ]);

// Instagram `comments` on the professional account's media.
export const instagramComment = (c: {
  igUserId: string;
  mediaId: string;
  commentId: string;
  parentId?: string;
  from: { id: string; username: string };
  text: string;
  productType?: "FEED" | "REELS" | "AD" | "STORY";
  sentAt?: Date;
}) =>
  envelope("instagram", c.igUserId, c.sentAt ?? new Date(), [
    {
      field: "comments",
      value: {
        from: c.from,
        media: { id: c.mediaId, media_product_type: c.productType ?? "FEED" },
        id: c.commentId,
        ...(c.parentId && { parent_id: c.parentId }),
        text: c.text,
      },
    },
  ]);

// Threads `replies` (the Threads envelope, not Graph's).
export const threadsReply = (r: {
  appId: string;
  ownerId: string;
  rootPostId: string;
  repliedToId: string;
  replyId: string;
  username: string;
  text: string;
  at?: Date;
}) => {
  const at = r.at ?? new Date();
  return {
    app_id: r.appId,
    topic: "moderate",
    target_id: r.ownerId,
    time: seconds(at),
    subscription_id: "1",
    has_uid_field: false,
    values: {
      value: {
        id: r.replyId,
        username: r.username,
        text: r.text,
        media_type: "TEXT_POST",
        permalink: `https://www.threads.net/@${r.username}/post/${r.replyId}`,
        replied_to: { id: r.repliedToId },
        root_post: { id: r.rootPostId, owner_id: r.ownerId, username: "owner" },
        shortcode: r.replyId,
        timestamp: at.toISOString().replace(/\.\d{3}Z$/, "+0000"),
      },
      field: "replies",
    },
  };
};

// The deauthorize callback: a form POST with signed_request = <sig>.<payload> (base64url).
export const deauthorizeDelivery = (appSecret: string, userId: string, issuedAt = new Date()): MetaDelivery => {
  const payload = Buffer.from(
    JSON.stringify({ algorithm: "HMAC-SHA256", issued_at: seconds(issuedAt), user_id: userId }),
  ).toString("base64url");
  const signature = createHmac("sha256", appSecret).update(payload).digest("base64url");
  return {
    body: new URLSearchParams({ signed_request: `${signature}.${payload}` }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  };
};
