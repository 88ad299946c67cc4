import { Inngest } from "inngest";
import { afterEach, describe, expect, it } from "vitest";
import { readBody, listen } from "@/testing/fakes/support";
import { inngest } from "@/inngest/client";
import { jobsProbe } from "@/lib/jobs/events";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { runsOf, testTag, waitFor } from "@/inngest/local-runner/testing/helpers";
import { relayOutbox } from "@/inngest/outbox-relay";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { OUTBOX_RETENTION_MS, purgeSentOutbox, writeOutbox } from "./outbox";
import { sendEvent } from "./send";

// Events leave through the outbox: a function never runs for an uncommitted or rolled-back write, and a
// committed event is handed over exactly once to the local runner, or at least once (same id) to an
// Inngest server.

const tag = testTag();
let runner: LocalRunner | undefined;
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

const probe = (suffix: string) =>
  inngest.createFunction(
    { id: `outbox-probe-${tag}-${suffix}`, triggers: [jobsProbe] },
    async ({ event }) => event.data.probeId,
  );

describe("outbox: local runner", () => {
  it("hands an event over only once its transaction commits, never for a rollback", async () => {
    runner = await startLocalRunner({ functions: [probe("commit")], clock: new ManualClock(), pollIntervalMs: 0 });
    const eventId = newId("request");
    let runsWhileOpen = -1;
    await db.$transaction(async (tx) => {
      await tx.account.create({ data: { id: newId("account"), name: "outbox" } });
      await sendEvent({ name: "system/jobs.probe", data: { probeId: "committed" }, id: eventId }, { tx });
      await runner!.drain(); // from outside the transaction: nothing to see yet
      runsWhileOpen = (await runsOf(`outbox-probe-${tag}-commit`)).length;
    });
    expect(runsWhileOpen).toBe(0);
    await expect(
      db.$transaction(async (tx) => {
        await sendEvent({ name: "system/jobs.probe", data: { probeId: "rolled-back" } }, { tx });
        throw new Error("domain write failed");
      }),
    ).rejects.toThrow("domain write failed");

    await runner.drain();
    const runs = await runsOf(`outbox-probe-${tag}-commit`);
    expect(runs.map((r) => [r.status, r.output])).toEqual([["completed", "committed"]]);
    expect(await db.outboxEvent.findUnique({ where: { id: eventId } })).toMatchObject({
      sentAt: expect.any(Date),
      attempts: 1,
    });
    // Dispatching again (another process, a retry) starts nothing new.
    await runner.drain();
    expect(await runsOf(`outbox-probe-${tag}-commit`)).toHaveLength(1);
  });

  it("wakes a polling runner at commit (NOTIFY), long before its next poll", async () => {
    runner = await startLocalRunner({ functions: [probe("notify")], pollIntervalMs: 60_000 });
    await new Promise((r) => setTimeout(r, 500)); // the first tick and the LISTEN connection
    await db.$transaction(async (tx) => {
      await sendEvent({ name: "system/jobs.probe", data: { probeId: "notified" } }, { tx });
    });
    const run = await waitFor(
      async () => (await runsOf(`outbox-probe-${tag}-notify`)).find((r) => r.status === "completed"),
      {
        timeoutMs: 10_000,
        what: "the run started by the notification",
      },
    );
    expect(run.output).toBe("notified");
  });

  it("leaves events of functions this process does not run to the processes that do", async () => {
    runner = await startLocalRunner({ functions: [probe("mine")], clock: new ManualClock(), pollIntervalMs: 0 });
    const foreign = { id: newId("request"), name: "system/jobs.probe", data: { probeId: "x" }, ts: Date.now() };
    await writeOutbox([{ event: foreign, targets: [`social-publisher-someone-else-${tag}`] }], {
      destination: "local",
    });
    await runner.drain();
    expect(await db.outboxEvent.findUnique({ where: { id: foreign.id } })).toMatchObject({ sentAt: null });
    await db.outboxEvent.delete({ where: { id: foreign.id } });
  });

  it("purges events sent more than a day ago", async () => {
    const old = { id: newId("request"), name: "system/jobs.probe", data: {}, ts: 0 };
    const pending = { id: newId("request"), name: "system/jobs.probe", data: {}, ts: 0 };
    await writeOutbox(
      [
        { event: old, targets: [] },
        { event: pending, targets: [] },
      ],
      { destination: "server" },
    );
    await db.outboxEvent.update({
      where: { id: old.id },
      data: { sentAt: new Date(Date.now() - OUTBOX_RETENTION_MS - 60_000) },
    });
    expect(await purgeSentOutbox()).toBeGreaterThanOrEqual(1);
    expect((await db.outboxEvent.findMany({ where: { id: { in: [old.id, pending.id] } } })).map((e) => e.id)).toEqual([
      pending.id,
    ]);
    await db.outboxEvent.delete({ where: { id: pending.id } });
  });
});

describe("outbox: Inngest server relay", () => {
  it("sends committed events with their ids, keeps failed ones pending, and never sends one twice at once", async () => {
    const received: { id: string; name: string }[] = [];
    let failing = true;
    const api = await listen(async (req, res) => {
      const body = JSON.parse(await readBody(req)) as { id: string; name: string }[];
      if (req.method !== "POST" || req.url !== "/e/test-event-key") return void res.writeHead(404).end();
      if (failing) return void res.writeHead(500, { "content-type": "application/json" }).end('{"error":"down"}');
      received.push(...body);
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ ids: body.map((e) => e.id), status: 200 }));
    });
    const server = new Inngest({ id: `relay-${tag}`, eventKey: "test-event-key", baseUrl: api.url, isDev: false });
    const send = (events: { id: string; name: string; data: Record<string, unknown>; ts: number }[]) =>
      server.send(events);
    try {
      const ids = Array.from({ length: 40 }, () => newId("request"));
      await db.$transaction(async (tx) => {
        const events = ids.map((id) => ({
          event: { id, name: "system/jobs.probe", data: { probeId: id }, ts: Date.now() },
          targets: [],
        }));
        await writeOutbox(events, { destination: "server", db: tx });
        expect(await relayOutbox({ ids, send })).toBe(0); // not committed yet: invisible
      });

      expect(await relayOutbox({ ids, send })).toBe(0); // the server answers 500
      const pending = await db.outboxEvent.findMany({ where: { id: { in: ids } } });
      expect(pending.every((e) => e.sentAt === null && e.lastError?.includes("500"))).toBe(true);

      failing = false;
      await db.outboxEvent.updateMany({ where: { id: { in: ids } }, data: { lockedUntil: null } }); // retry now
      const sent = await Promise.all([
        relayOutbox({ ids, send }),
        relayOutbox({ ids, send }),
        relayOutbox({ ids, send }),
      ]);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(40);
      expect(received.map((e) => e.id).sort()).toEqual([...ids].sort());
      expect(await db.outboxEvent.count({ where: { id: { in: ids }, sentAt: null } })).toBe(0);
    } finally {
      await api.close();
    }
  });
});
