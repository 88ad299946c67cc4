import { useOwnDatabase } from "@/testing/own-database";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { NetworkError } from "@/lib/networks/errors";
import { connectorFor } from "@/lib/networks/registry";
import { seedChat, seedChatMessage } from "@/testing/chats";
import { seedNetworkProfile } from "@/testing/comments";
import { seedTenant } from "@/testing/network-tests";
import { deliver, PUBLISHED, type DeliveryAdapter } from "./engine";

await useOwnDatabase("delivery");

// The protocol itself, through a kind of write that exists only here: a note written over the messages
// table, whose network is a pair of functions the test controls. The adapter is all a new kind of write
// needs (lib/services/delivery/engine.ts); the four real kinds have their own tests.

type Network = {
  send: () => Promise<{ externalId: string }>;
  readBack?: () => Promise<{ externalId: string } | null>;
  problem?: string;
};

const notes = (network: Network, calls: string[]): DeliveryAdapter<{ externalId: string }> => ({
  table: "messages",
  noun: "note",
  writer: "publisher",
  finished: { published: "published", failed: "failed", delivery_unconfirmed: "delivery_unconfirmed" },
  cannotReadBack: "The network cannot be asked",
  markSending: (tx, id, data) => tx.message.update({ where: { id }, data }),
  markFailed: (tx, id, data) => tx.message.update({ where: { id }, data }),
  prepare: async (id) => {
    const row = await db.message.findUnique({ where: { id } });
    if (!row) return null;
    if (network.problem) return { problem: network.problem };
    const { readBack } = network;
    return {
      connector: connectorFor(row),
      profileId: row.profileId,
      logFields: { noteId: id },
      send: () => (calls.push("send"), network.send()),
      readBack: readBack && (() => (calls.push("readBack"), readBack())),
      recordPublished: (tx, { externalId }) =>
        tx.message.updateMany({ where: { id, status: { not: "published" } }, data: { ...PUBLISHED, externalId } }),
    };
  },
});

const pendingNote = async ({ inDoubt = false } = {}) => {
  const { group } = await seedTenant();
  const profile = await seedNetworkProfile({ group, platform: "bluesky" });
  const chat = await seedChat(profile);
  const row = await seedChatMessage(chat, {
    direction: "outbound",
    status: "pending",
    sendingSince: inDoubt ? new Date() : null,
  });
  return row.id;
};
const rowOf = (id: string) => db.message.findUniqueOrThrow({ where: { id } });
const unanswered = () => Promise.reject(new NetworkError("outcome_unknown", "no answer"));

describe("the delivery engine", () => {
  it("sends once and records the answer; the step run again answers as recorded, without sending", async () => {
    const id = await pendingNote();
    const calls: string[] = [];
    const adapter = notes({ send: async () => ({ externalId: "n1" }) }, calls);
    expect(await deliver(adapter, id, 1)).toEqual({ state: "published", externalId: "n1" });
    expect(await deliver(adapter, id, 1)).toEqual({ state: "published", externalId: "n1" });
    expect(calls).toEqual(["send"]);
    expect(await rowOf(id)).toMatchObject({ status: "published", externalId: "n1", sendingSince: null, attempts: 1 });
  });

  it("reads back a call that got no answer: found is published, absent is retried, never sent blindly", async () => {
    const found = await pendingNote();
    const calls: string[] = [];
    const network = { send: unanswered, readBack: async () => ({ externalId: "n2" }) };
    expect(await deliver(notes(network, calls), found, 1)).toEqual({ state: "published", externalId: "n2" });
    expect(calls).toEqual(["send", "readBack"]);

    const absent = await pendingNote();
    const retried = notes({ send: unanswered, readBack: async () => null }, []);
    expect(await deliver(retried, absent, 1)).toEqual({ state: "retry", delayMs: 60_000 });
    expect(await rowOf(absent)).toMatchObject({ status: "failed_waiting_for_retry", sendingSince: null });
    expect((await rowOf(absent)).error).toBe("no answer; the note is not on the network, retrying");
  });

  it("an attempt in doubt (sending_since already set) reads back instead of sending", async () => {
    const id = await pendingNote({ inDoubt: true });
    const calls: string[] = [];
    const network = { send: async () => ({ externalId: "never" }), readBack: async () => ({ externalId: "n3" }) };
    expect(await deliver(notes(network, calls), id, 2)).toEqual({ state: "published", externalId: "n3" });
    expect(calls).toEqual(["readBack"]);
  });

  it("a network that cannot tell leaves the write delivery_unconfirmed, terminal", async () => {
    const cannotAsk = await pendingNote();
    const calls: string[] = [];
    expect(await deliver(notes({ send: unanswered }, calls), cannotAsk, 1)).toEqual({ state: "delivery_unconfirmed" });
    expect(await rowOf(cannotAsk)).toMatchObject({
      status: "delivery_unconfirmed",
      error: "Delivery unconfirmed: no answer",
      errorDetails: expect.objectContaining({ note: "The network cannot be asked" }),
    });
    expect(await deliver(notes({ send: unanswered }, calls), cannotAsk, 2)).toEqual({ state: "delivery_unconfirmed" });
    expect(calls).toEqual(["send"]);

    const readBackFails = await pendingNote();
    const network = { send: unanswered, readBack: () => Promise.reject(new Error("down")) };
    expect(await deliver(notes(network, []), readBackFails, 1)).toEqual({ state: "delivery_unconfirmed" });
    expect((await rowOf(readBackFails)).errorDetails).toMatchObject({ note: "Reading back failed: down" });
  });

  it("a transient refusal is retried (the network's Retry-After when longer) until the last attempt", async () => {
    const refused = () => Promise.reject(new NetworkError("rate_limited", "slow down", undefined, 600_000));
    const id = await pendingNote();
    expect(await deliver(notes({ send: refused }, []), id, 1)).toEqual({ state: "retry", delayMs: 600_000 });
    expect(await deliver(notes({ send: refused }, []), id, 4)).toEqual({ state: "failed" });
    expect(await rowOf(id)).toMatchObject({
      status: "failed",
      attempts: 2,
      errorDetails: expect.objectContaining({ note: "Gave up after 4 attempts" }),
    });
  });

  it("a problem fails the write; found by an attempt in doubt, it leaves it delivery_unconfirmed", async () => {
    const network = { send: async () => ({ externalId: "never" }), problem: "The profile is disconnected" };
    const claimed = await pendingNote();
    expect(await deliver(notes(network, []), claimed, 1)).toEqual({ state: "failed" });
    expect((await rowOf(claimed)).error).toBe("The profile is disconnected");
    const inDoubt = await pendingNote({ inDoubt: true });
    expect(await deliver(notes(network, []), inDoubt, 1)).toEqual({ state: "delivery_unconfirmed" });
    expect((await rowOf(inDoubt)).error).toBe("Delivery unconfirmed: The profile is disconnected");
  });
});
