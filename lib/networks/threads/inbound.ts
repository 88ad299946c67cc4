import { z } from "zod";
import { metaInbound, metaTime } from "../graph/inbound";
import type { InboundItem } from "../types";
import type { ThreadsSettings } from "./settings";

// Threads webhooks have their own envelope: {app_id, topic, target_id, time, subscription_id,
// values: {field, value}}. Field `replies` (a reply on media of the installing user) carries
// {id, username, text, media_type, permalink, shortcode, timestamp, replied_to {id}, root_post {id,
// owner_id, username}}. `replied_to` is the post itself or the reply answered; the post is the
// conversation's root (a reply to one of our chain's links names that link in `replied_to`, which the
// processing recognises as a post). Mentions, publish and delete topics are ignored.

const ZReply = z
  .object({
    id: z.coerce.string(),
    username: z.string().optional(),
    text: z.string().optional(),
    media_type: z.string().optional(),
    permalink: z.string().optional(),
    shortcode: z.string().optional(),
    timestamp: z.string().optional(),
    replied_to: z.object({ id: z.coerce.string() }).loose().optional(),
    root_post: z
      .object({ id: z.coerce.string(), owner_id: z.coerce.string().optional(), username: z.string().optional() })
      .loose(),
  })
  .loose();

const ZEnvelope = z.object({
  target_id: z.coerce.string().optional(),
  time: z.number(),
  values: z.object({ field: z.string(), value: z.unknown() }),
});

const parseBody = (body: string): InboundItem[] => {
  const envelope = ZEnvelope.parse(JSON.parse(body));
  const { field, value } = envelope.values;
  if (field !== "replies") return [{ kind: "ignored", reason: `field ${field}` }];
  const parsed = ZReply.safeParse(value);
  if (!parsed.success) return [{ kind: "ignored", reason: "replies change without a reply" }];
  const reply = parsed.data;
  const changedAt = metaTime(envelope.time)!;
  const account = reply.root_post.owner_id ?? envelope.target_id;
  if (!account) return [{ kind: "ignored", reason: "reply without an owner" }];
  return [
    {
      kind: "comment",
      account,
      postExternalId: reply.root_post.id,
      changedAt,
      comment: {
        externalId: reply.id,
        parentExternalId: reply.replied_to?.id ?? reply.root_post.id,
        body: reply.text ?? "",
        authorExternalId: null, // Threads names the author by username only
        authorUsername: reply.username ?? null,
        authorName: null,
        authorAvatarUrl: null,
        metadata: null,
        likeCount: null,
        isHidden: null,
        permalink: reply.permalink ?? null,
        platformData: {
          ...(reply.media_type && { media_type: reply.media_type }),
          ...(reply.shortcode && { shortcode: reply.shortcode }),
        },
        attachments: [],
        postedAt: metaTime(reply.timestamp) ?? changedAt,
      },
    },
  ];
};

export const threadsInbound = metaInbound<ThreadsSettings>({ object: "threads", parseBody });
