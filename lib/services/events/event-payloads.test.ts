import { afterAll, describe, expect, it } from "vitest";
import { buildOpenApi } from "@/lib/api/openapi";
import { commentEventData, COMMENT_INCLUDE } from "@/lib/serializers/comment";
import { messageEventData, serializeChat } from "@/lib/serializers/message";
import { profileCommentEventData } from "@/lib/serializers/profile-comment";
import { ENDPOINTS } from "@/lib/contracts";
import { buildApiReference } from "@/lib/docs/api-reference";
import { db } from "@/lib/db/client";
import { seedChat, seedChatMessage } from "@/testing/chats";
import { EVENT_PAYLOADS, EventPayloadError } from "@/lib/schemas/events";
import { EVENT_TYPES } from "@/lib/schemas/webhooks";
import { storeInboundMessage } from "@/lib/services/messages/store-message";
import { seedComment, seedNetworkProfile, seedPublishedPost } from "@/testing/comments";
import { eventsOf, seedTenant } from "@/testing/network-tests";
import { emitEvent } from "./emit-event";

// Event payloads: every event type is documented in the OpenAPI document's `webhooks` with the schema
// emitEvent checks each payload against, and the payloads the emitters build validate against it.

afterAll(() => db.$disconnect());

type Json = Record<string, unknown>;
const doc = buildOpenApi({ endpoints: ENDPOINTS }) as unknown as {
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: Json }> } } }>;
  components: { schemas: Record<string, Json> };
};

const seedChatWorld = async () => {
  const t = await seedTenant();
  const profile = await seedNetworkProfile({ group: t.group, platform: "telegram" });
  const chat = await seedChat(profile, { participantExternalId: "4242" });
  return { t, profile, chat };
};

describe("event payloads", () => {
  it("documents every event type under `webhooks`: the envelope with the event's payload schema", () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    for (const type of EVENT_TYPES) {
      const schema = doc.webhooks[type]!.post.requestBody.content["application/json"]!.schema;
      const props = schema.properties as Record<string, Json>;
      expect(props.type).toMatchObject({ const: type });
      const ref = String(props.data!.$ref).replace("#/components/schemas/", "");
      expect(doc.components.schemas[ref], `${type} payload component ${ref}`).toBeDefined();
    }
    const message = doc.components.schemas.MessageEvent as { properties: Json };
    expect(message.properties.message).toEqual({ $ref: "#/components/schemas/Message" });
  });

  it("the human-readable reference lists every event with its payload schema, shown among the schemas", () => {
    const ref = buildApiReference(ENDPOINTS);
    expect(ref.events.map((e) => e.type).sort()).toEqual([...EVENT_TYPES].sort());
    const schemas = new Set(ref.schemas.map((s) => s.name));
    for (const e of ref.events) expect(schemas.has(e.payload!), `${e.type}: ${e.payload}`).toBe(true);
    expect(ref.events.find((e) => e.type === "reaction.received")?.payload).toBe("ReactionEvent");
  });

  it("a message stored from the network emits message.received with a payload that validates", async () => {
    const { t, chat } = await seedChatWorld();
    await db.$transaction(
      (tx) =>
        storeInboundMessage(tx, chat, {
          externalId: "m-1",
          direction: "inbound",
          body: "hi",
          attachments: [{ type: "image", url: "https://cdn.example/a.jpg" }],
          replyToExternalId: null,
          tappedAction: { kind: "callback_query", payload: "yes", title: "Yes" },
          interactive: null,
          platformData: null,
          source: null,
          sentAt: new Date(),
        }),
      { timeout: 30_000 },
    );
    const [event] = await eventsOf(t.account.id, "message.received");
    expect(EVENT_PAYLOADS["message.received"].safeParse(event!.data).success).toBe(true);
  });

  it("the emitters' payloads of reactions, referrals, comments and profile comments validate", async () => {
    const { t, chat } = await seedChatWorld();
    const message = await seedChatMessage(chat, { direction: "outbound", status: "published", body: "hello" });
    const reaction = {
      sender_external_id: "4242",
      action: "react",
      emoji: "❤️",
      reaction: "love",
      at: "2026-11-26T00:00:00Z",
    };
    expect(EVENT_PAYLOADS["reaction.received"].parse({ ...messageEventData(message), reaction })).toBeTruthy();
    expect(
      EVENT_PAYLOADS["referral.received"].parse({ chat: serializeChat(chat, 24), referral: { ref: "spring" } }),
    ).toBeTruthy();

    const fb = await seedNetworkProfile({ group: t.group, platform: "facebook" });
    const { platformPost } = await seedPublishedPost({
      group: t.group,
      profile: fb,
      externalId: "1_2",
      placementId: "1",
    });
    const row = await seedComment({ platformPost, group: t.group }, { createdAt: new Date() });
    const withAttachments = await db.comment.findUniqueOrThrow({ where: { id: row.id }, include: COMMENT_INCLUDE });
    const url = (key: string) => `https://media.example/${key}`;
    expect(EVENT_PAYLOADS["comment.created"].parse(commentEventData(withAttachments, 0, url))).toBeTruthy();
    expect(EVENT_PAYLOADS["profile_comment.created"].parse(profileCommentEventData(withAttachments))).toBeTruthy();
  });

  it("emitEvent refuses a payload that does not match its event's schema, and records nothing", async () => {
    const { t } = await seedChatWorld();
    await expect(
      emitEvent({
        accountId: t.account.id,
        environment: t.group.environment,
        profileGroupId: t.group.id,
        type: "message.sent",
        // @ts-expect-error a message.sent payload needs the whole message (the type catches it before run time)
        data: { message: { id: "msg_1" } },
      }),
    ).rejects.toBeInstanceOf(EventPayloadError);
    expect(await eventsOf(t.account.id, "message.sent")).toEqual([]);
  });
});
