import { useOwnDatabase } from "@/testing/own-database";
import { describe, expect, it } from "vitest";
import * as reactRoute from "@/app/api/messages/[id]/react/route";
import { db } from "@/lib/db/client";
import { MESSENGER_REACTIONS } from "@/lib/networks/graph/send-api";
import { processDelivery } from "@/lib/services/inbound/process";
import { callRoute } from "@/testing/call-route";
import { unexpectedStatuses } from "@/testing/concurrency";
import { seedMessengerChat } from "@/testing/messages";
import { useMetaGraphFake } from "@/testing/messaging";
import { pushMeta } from "@/testing/messaging-seeds";

await useOwnDatabase("reaction_order");

// Reactions on one message from both sides: the participant's pushed reactions (Messenger webhooks through
// the receiver, then processed in any order) and ours through POST /api/messages/:id/react, at once. Each
// side's stored reaction is its own latest: ours the one the network got last, theirs the newest by the
// network's time, whatever order the pushes are processed in.

type Json = Record<string, any>;
const FB_APP = { id: "1000000000073", secret: "fb-reactions-secret" };
const graph = useMetaGraphFake(FB_APP, { id: "2000000000074", secret: "ig-reactions-secret" });

describe("reactions from both sides", () => {
  it("our reactions racing the participant's pushed reactions: each side ends with its own last one", async () => {
    const w = await seedMessengerChat(graph);
    const since = new Date();
    const theirs = ["haha", "wow", "sad", "angry"];
    const pushed = Date.now();
    for (const [i, reaction] of theirs.entries())
      expect(
        await pushMeta(FB_APP, "facebook", w.page, [
          {
            sender: { id: w.chat.participantExternalId },
            recipient: { id: w.page },
            timestamp: pushed + i,
            reaction: { mid: w.mid, action: "react", reaction, emoji: MESSENGER_REACTIONS[reaction] },
          },
        ]),
      ).toBe(200);
    const deliveries = await db.inboundDelivery.findMany({
      where: { platform: "facebook", receivedAt: { gte: since }, payload: { contains: w.mid } },
    });
    expect(deliveries).toHaveLength(theirs.length);
    const ours = ["like", "love", "like", "love", "like", "love"].map((name) => MESSENGER_REACTIONS[name]!);
    const responses = await Promise.all([
      ...ours.map((reaction) =>
        callRoute(reactRoute.POST, {
          path: `/api/messages/${w.message.id}/react`,
          token: w.token,
          params: { id: w.message.id },
          body: { reaction },
        }),
      ),
      ...deliveries.map((d) => processDelivery({ deliveryId: d.id }).then(() => ({ status: 200 }))),
    ]);
    expect(unexpectedStatuses(responses, 200)).toEqual([]);
    const sent = w.actions().filter((a) => a.action === "react" && a.payload!.message_id === w.mid);
    expect(sent).toHaveLength(ours.length);
    const stored = (await db.message.findUniqueOrThrow({ where: { id: w.message.id } })).reactions as Json[];
    expect(stored).toHaveLength(2);
    expect(stored.find((r) => r.sender_external_id === w.page)?.emoji).toBe(sent.at(-1)!.payload!.reaction);
    expect(stored.find((r) => r.sender_external_id === w.chat.participantExternalId)?.reaction).toBe("angry");
  });

  it("a participant's reaction processed after a later one of theirs is stale", async () => {
    const w = await seedMessengerChat(graph);
    const since = new Date();
    const at = Date.now();
    for (const [offset, reaction] of [
      [1, "angry"],
      [0, "haha"],
    ] as const)
      await pushMeta(FB_APP, "facebook", w.page, [
        {
          sender: { id: w.chat.participantExternalId },
          recipient: { id: w.page },
          timestamp: at + offset,
          reaction: { mid: w.mid, action: "react", reaction, emoji: MESSENGER_REACTIONS[reaction] },
        },
      ]);
    const deliveries = await db.inboundDelivery.findMany({
      where: { platform: "facebook", receivedAt: { gte: since }, payload: { contains: w.mid } },
      orderBy: { receivedAt: "asc" },
    });
    for (const d of deliveries) await processDelivery({ deliveryId: d.id });
    const stored = (await db.message.findUniqueOrThrow({ where: { id: w.message.id } })).reactions as Json[];
    expect(stored).toEqual([expect.objectContaining({ reaction: "angry" })]);
  });
});
