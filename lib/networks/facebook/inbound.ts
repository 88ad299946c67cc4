import { z } from "zod";
import { readMessagingEvent } from "../graph/messaging-events";
import { metaInbound, metaTime } from "../graph/inbound";
import type { GraphChange } from "../graph/webhooks";
import type { InboundAttachment, InboundItem } from "../types";
import type { FacebookSettings } from "./settings";

// Page webhooks (object "page", field "feed"): a comment added or edited on a Page post arrives as
// {item: "comment", verb: "add"|"edited", comment_id, post_id, parent_id, from {id, name}, message,
// created_time, photo?, video?}. `parent_id` is the post itself for a comment on the post. Removals and
// hide/unhide verbs, reactions and the Page's own posts are not comments: ignored. The deauthorize
// callback (signed_request) disconnects the user's profile.

const ZFeedComment = z
  .object({
    item: z.literal("comment"),
    verb: z.string(),
    comment_id: z.coerce.string(),
    post_id: z.coerce.string(),
    parent_id: z.coerce.string().optional(),
    from: z.object({ id: z.coerce.string(), name: z.string().optional() }).loose().optional(),
    message: z.string().optional(),
    created_time: z.union([z.number(), z.string()]).optional(),
    photo: z.string().optional(),
    video: z.string().optional(),
    post: z.object({ permalink_url: z.string().optional(), status_type: z.string().optional() }).loose().optional(),
  })
  .loose();

const APPLIED_VERBS = new Set(["add", "edited"]);

const readFeedChange = (change: GraphChange): InboundItem => {
  if (change.field !== "feed") return { kind: "ignored", reason: `field ${change.field}` };
  const parsed = ZFeedComment.safeParse(change.value);
  if (!parsed.success) return { kind: "ignored", reason: "feed change that is not a comment" };
  const value = parsed.data;
  if (!APPLIED_VERBS.has(value.verb)) return { kind: "ignored", reason: `comment ${value.verb}` };
  const attachments: InboundAttachment[] = [
    ...(value.photo ? [{ type: "image" as const, url: value.photo }] : []),
    ...(value.video ? [{ type: "video" as const, url: value.video }] : []),
  ];
  return {
    kind: "comment",
    account: change.account,
    postExternalId: value.post_id,
    changedAt: change.time,
    comment: {
      externalId: value.comment_id,
      parentExternalId: value.parent_id && value.parent_id !== value.post_id ? value.parent_id : null,
      body: value.message ?? "",
      authorExternalId: value.from?.id ?? null,
      authorUsername: null, // Pages give a name, not a username
      authorName: value.from?.name ?? null,
      authorAvatarUrl: null,
      metadata: null, // author signals are an Instagram feature
      likeCount: null,
      isHidden: null,
      permalink: null,
      platformData: { verb: value.verb, ...(value.post?.status_type && { post_status_type: value.post.status_type }) },
      attachments,
      postedAt: metaTime(value.created_time),
    },
  };
};

// Direct messages (entry.messaging) run on the Page: the Page is the chat's placement.
export const facebookInbound = metaInbound<FacebookSettings>({
  object: "page",
  readChange: readFeedChange,
  readMessaging: (event, settings) =>
    readMessagingEvent(event, {
      placementOf: (account) => account,
      ownAppId: settings.client_id,
      announceDeletes: false,
    }),
});
