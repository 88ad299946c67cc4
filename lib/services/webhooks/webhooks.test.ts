import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { recordEvent } from "@/lib/services/events/record-event";
import { principalFor, seedAccount, seedGroup } from "@/testing/seed";
import { fanOutEvent } from "./fan-out-event";
import { createWebhook, deleteWebhook, getWebhookOrThrow, listWebhooks, updateWebhook } from "./webhooks";

afterAll(() => db.$disconnect());

const hook = (over: Partial<{ url: string; events: string[] }> = {}) => ({
  url: "https://localhost/hook",
  events: ["post.processed"] as never[],
  ...over,
});

describe("webhooks", () => {
  it("creates with a whsec_ secret stored encrypted, returned decrypted on fetch", async () => {
    const principal = principalFor({ accountId: (await seedAccount()).id });
    const created = await createWebhook({ principal, input: { ...hook(), description: "crm" } });
    expect(created.secret).toMatch(/^whsec_/);
    const row = await db.webhook.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.secret).not.toContain(created.secret);
    expect((await getWebhookOrThrow({ principal, id: created.id })).secret).toBe(created.secret);
  });

  it("refuses internal URLs unless allowlisted", async () => {
    const principal = principalFor({ accountId: (await seedAccount()).id });
    await expect(createWebhook({ principal, input: hook({ url: "https://127.0.0.1/x" }) })).rejects.toMatchObject({
      status: 422,
    });
    await expect(
      createWebhook({ principal, input: hook({ url: "https://169.254.169.254/latest" }) }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it("scopes by account, environment and (for scoped keys) group", async () => {
    const account = await seedAccount();
    const group = await seedGroup({ accountId: account.id });
    const accountWide = principalFor({ accountId: account.id });
    const scoped = principalFor({ accountId: account.id, kind: "scoped_key", profileGroupId: group.id });
    const sandbox = principalFor({ accountId: account.id, environment: "sandbox" });
    const stranger = principalFor({ accountId: (await seedAccount()).id });

    const mine = await createWebhook({ principal: accountWide, input: hook() });
    const groupHook = await createWebhook({ principal: scoped, input: hook() });

    expect((await listWebhooks({ principal: accountWide })).map((w) => w.id)).toEqual([mine.id, groupHook.id]);
    expect((await listWebhooks({ principal: scoped })).map((w) => w.id)).toEqual([groupHook.id]);
    for (const p of [sandbox, stranger]) {
      expect(await listWebhooks({ principal: p })).toEqual([]);
      await expect(getWebhookOrThrow({ principal: p, id: mine.id })).rejects.toMatchObject({ status: 404 });
      await expect(updateWebhook({ principal: p, id: mine.id, input: { enabled: false } })).rejects.toMatchObject({
        status: 404,
      });
      await expect(deleteWebhook({ principal: p, id: mine.id })).rejects.toMatchObject({ status: 404 });
    }
    await expect(getWebhookOrThrow({ principal: scoped, id: mine.id })).rejects.toMatchObject({ status: 404 });
  });

  it("updates fields and deletes", async () => {
    const principal = principalFor({ accountId: (await seedAccount()).id });
    const w = await createWebhook({ principal, input: hook() });
    const updated = await updateWebhook({
      principal,
      id: w.id,
      input: { enabled: false, events: ["*"], description: "x" },
    });
    expect(updated).toMatchObject({ enabled: false, events: ["*"], description: "x", secret: w.secret });
    expect(await deleteWebhook({ principal, id: w.id })).toEqual({ deleted: true });
    await expect(getWebhookOrThrow({ principal, id: w.id })).rejects.toMatchObject({ status: 404 });
  });
});

describe("fanOutEvent", () => {
  it("dispatches to enabled subscribers that can see the event, once", async () => {
    const account = await seedAccount();
    const groupA = await seedGroup({ accountId: account.id });
    const groupB = await seedGroup({ accountId: account.id });
    const accountWide = principalFor({ accountId: account.id });
    const all = await createWebhook({ principal: accountWide, input: hook({ events: ["*"] }) });
    const exact = await createWebhook({ principal: accountWide, input: hook({ events: ["profile.connected"] }) });
    await createWebhook({ principal: accountWide, input: hook({ events: ["post.processed"] }) }); // other event
    const disabled = await createWebhook({ principal: accountWide, input: hook({ events: ["*"] }) });
    await updateWebhook({ principal: accountWide, id: disabled.id, input: { enabled: false } });
    const ofA = await createWebhook({
      principal: principalFor({ accountId: account.id, kind: "scoped_key", profileGroupId: groupA.id }),
      input: hook({ events: ["*"] }),
    });
    await createWebhook({
      principal: principalFor({ accountId: account.id, kind: "scoped_key", profileGroupId: groupB.id }),
      input: hook({ events: ["*"] }),
    });
    await createWebhook({
      principal: principalFor({ accountId: account.id, environment: "sandbox" }),
      input: hook({ events: ["*"] }),
    });

    const event = await recordEvent({
      accountId: account.id,
      environment: "live",
      profileGroupId: groupA.id,
      type: "profile.connected",
      data: { id: "prof_x" },
    });
    const dispatches = await fanOutEvent({ eventId: event.id });
    expect(dispatches.map((d) => d.webhookId).sort()).toEqual([all.id, exact.id, ofA.id].sort());
    expect(await fanOutEvent({ eventId: event.id })).toEqual(dispatches);
    expect(await db.webhookDispatch.count({ where: { eventId: event.id } })).toBe(3);
    expect((await db.event.findUniqueOrThrow({ where: { id: event.id } })).fannedOutAt).not.toBeNull();
  });
});
