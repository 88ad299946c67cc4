import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { randomBase58 } from "@/lib/ids";
import { announceLocalRunner, subscribeDispatcher } from "./dispatchers";
import { dispatchWithinTransaction, type OutboxRow } from "./outbox";
import { sendEvent } from "./send";

// The seam without inngest/: this file loads no runner and no relay, so only what subscribes here below
// exists in its process. sendEvent writes and asks the subscribed dispatcher; the targets of an event are
// those the runners of the process announced, or resolved by the dispatcher that takes it.

afterAll(() => db.$disconnect());

const tag = randomBase58(8);
const HOUSEKEEPING = "social-publisher-housekeeping"; // the app's function of this event; no test runner runs it
const rowOf = (id: string) => db.outboxEvent.findUniqueOrThrow({ where: { id } });
const housekeepingRequest = {
  name: "system/jobs.housekeeping.requested",
  data: { reason: `dispatchers ${tag}` },
} as const;

describe("sendEvent and the dispatchers of its process", () => {
  it("without a transaction asks the subscribed dispatcher to hand the event over; with one, leaves it to the commit", async () => {
    const asked: string[][] = [];
    subscribeDispatcher("local", async (ids) => void asked.push([...ids]));
    const { ids } = await sendEvent(housekeepingRequest);
    expect(asked).toEqual([ids]);
    await db.$transaction((tx) => sendEvent(housekeepingRequest, { tx }));
    expect(asked).toEqual([ids]);
  });

  it("writes the targets and the clock of the runners announced in the process, and no event none of them runs", async () => {
    const withdraw = announceLocalRunner({
      targetsFor: (name) => (name === "system/jobs.probe" ? [`probe-${tag}`] : []),
      now: () => new Date("2030-01-02T03:04:05Z"),
    });
    try {
      const [probe, housekeeping] = await db.$transaction(async (tx) => [
        await sendEvent({ name: "system/jobs.probe", data: { probeId: tag } }, { tx }),
        await sendEvent(housekeepingRequest, { tx }),
      ]);
      expect(await rowOf(probe.ids[0]!)).toMatchObject({
        targets: [`probe-${tag}`],
        event: { ts: Date.parse("2030-01-02T03:04:05Z") },
      });
      expect(await db.outboxEvent.count({ where: { id: housekeeping.ids[0]! } })).toBe(0);
    } finally {
      withdraw();
    }
  });

  it("with no runner in the process writes no targets: the dispatcher resolves them, and takes the event only if it runs them all", async () => {
    const [id] = (await db.$transaction((tx) => sendEvent(housekeepingRequest, { tx }))).ids;
    expect(await rowOf(id!)).toMatchObject({ targets: [], sentAt: null });
    const resolve = (name: string) => (name === housekeepingRequest.name ? [HOUSEKEEPING, `other-${tag}`] : []);
    const handed: OutboxRow[] = [];
    const handOver = async (rows: OutboxRow[]) => void handed.push(...rows);

    expect(await dispatchWithinTransaction({ known: [HOUSEKEEPING], resolve, ids: [id!], handOver })).toBe(0);
    expect(handed).toEqual([]);
    expect(await rowOf(id!)).toMatchObject({ sentAt: null });

    const known = [HOUSEKEEPING, `other-${tag}`];
    expect(await dispatchWithinTransaction({ known, resolve, ids: [id!], handOver })).toBe(1);
    expect(handed).toMatchObject([{ id, targets: known, event: { name: housekeepingRequest.name } }]);
    expect(await rowOf(id!)).toMatchObject({ sentAt: expect.any(Date) });
  });
});
