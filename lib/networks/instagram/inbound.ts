import { z } from "zod";
import { readMessagingEvent } from "../graph/messaging-events";
import { metaInbound } from "../graph/inbound";
import type { GraphChange } from "../graph/webhooks";
import type { InboundItem } from "../types";
import type { InstagramSettings } from "./settings";

// Instagram webhooks (object "instagram"; entry.id is the professional account): `comments` and
// `live_comments` carry {id, from {id, username}, text, media {id, media_product_type}, parent_id?}.
// `mentions` name our account in a comment or caption on someone else's media: not a comment on one
// of our posts, ignored. Direct messages arrive as entry.messaging (graph/messaging-events.ts). Instagram sends no
// time of the comment: the entry's time stands in. Attachments are always empty on Instagram.

const ZComment = z
  .object({
    id: z.coerce.string(),
    text: z.string().optional(),
    parent_id: z.coerce.string().optional(),
    from: z
      .object({
        id: z.coerce.string(),
        username: z.string().optional(),
        self_ig_scoped_id: z.coerce.string().optional(),
      })
      .loose()
      .optional(),
    media: z.object({ id: z.coerce.string(), media_product_type: z.string().optional() }).loose(),
  })
  .loose();

const COMMENT_FIELDS = new Set(["comments", "live_comments"]);

const readChange = (change: GraphChange): InboundItem => {
  if (!COMMENT_FIELDS.has(change.field)) return { kind: "ignored", reason: `field ${change.field}` };
  const parsed = ZComment.safeParse(change.value);
  if (!parsed.success) return { kind: "ignored", reason: `${change.field} without a comment` };
  const value = parsed.data;
  return {
    kind: "comment",
    account: change.account,
    postExternalId: value.media.id,
    changedAt: change.time,
    comment: {
      externalId: value.id,
      parentExternalId: value.parent_id ?? null,
      body: value.text ?? "",
      authorExternalId: value.from?.id ?? null,
      authorUsername: value.from?.username ?? null,
      authorName: null,
      authorAvatarUrl: null,
      metadata: null, // author signals are fetched separately (not in the push)
      likeCount: null,
      isHidden: null,
      permalink: null,
      platformData: {
        field: change.field,
        ...(value.media.media_product_type && { media_product_type: value.media.media_product_type }),
      },
      attachments: [],
      postedAt: change.time,
    },
  };
};

export const instagramInbound = metaInbound<InstagramSettings>({
  object: "instagram",
  readChange,
  readMessaging: (event, settings) =>
    readMessagingEvent(event, { placementOf: () => null, ownAppId: settings.client_id, announceDeletes: true }),
});
