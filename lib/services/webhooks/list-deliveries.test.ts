import { afterAll, describe, expect, it } from "vitest";
import * as deliveriesRoute from "@/app/api/webhooks/[id]/deliveries/route";
import type { Principal } from "@/lib/principal";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { recordEvent } from "@/lib/services/events/record-event";
import { callRoute } from "@/testing/call-route";
import { principalFor, seedAccount, seedGroup, seedKey } from "@/testing/seed";
import { fanOutEvent } from "./fan-out-event";
import { createWebhook, listDeliveries } from "./webhooks";

// listDeliveries (GET /api/webhooks/:id/deliveries): a webhook's delivery attempts, newest attempt first,
// zero-based pages. Each test seeds its own account, webhook and attempts.

afterAll(() => db.$disconnect());

const T0 = Date.parse("2026-03-01T12:00:00Z");

const newWebhook = async (principal: Principal) => {
  const webhook = await createWebhook({
    principal,
    input: { url: "https://localhost/hook", events: ["post.processed"] },
  });
  const event = await recordEvent({
    accountId: principal.accountId,
    environment: principal.environment,
    profileGroupId: principal.profileGroupId,
    type: "post.processed",
    data: { id: "post_1" },
  });
  const dispatch = (await fanOutEvent({ eventId: event.id })).find((d) => d.webhookId === webhook.id)!;
  return { webhook, event, dispatch };
};

// Attempts of one dispatch at the given offsets (seconds after T0), in the order given; ids as given or fresh.
const seedAttempts = async (hook: Awaited<ReturnType<typeof newWebhook>>, attempts: { at: number; id?: string }[]) => {
  const rows = attempts.map((a, i) => ({
    id: a.id ?? newId("webhookDelivery"),
    webhookId: hook.webhook.id,
    dispatchId: hook.dispatch.id,
    eventId: hook.event.id,
    eventType: "post.processed",
    attemptNumber: i + 1,
    responseStatus: 500,
    success: false,
    durationMs: 5,
    attemptedAt: new Date(T0 + a.at * 1000),
  }));
  await db.webhookDelivery.createMany({ data: rows });
  return rows.map((r) => r.id);
};

const tenant = async () => principalFor({ accountId: (await seedAccount()).id });
const ids = (result: { rows: { id: string }[] }) => result.rows.map((r) => r.id);

describe("listDeliveries", () => {
  it("lists attempts newest first, whatever order they were stored in", async () => {
    const principal = await tenant();
    const hook = await newWebhook(principal);
    const [middle, oldest, newest] = await seedAttempts(hook, [{ at: 10 }, { at: 0 }, { at: 20 }]);
    const result = await listDeliveries({ principal, id: hook.webhook.id, page: { page: 0, per_page: 20 } });
    expect(ids(result)).toEqual([newest, middle, oldest]);
  });

  it("attempts made at the same instant come by id, highest first", async () => {
    const principal = await tenant();
    const hook = await newWebhook(principal);
    await seedAttempts(hook, [
      { at: 5, id: "dlv_tie_b" },
      { at: 5, id: "dlv_tie_c" },
      { at: 5, id: "dlv_tie_a" },
    ]);
    const result = await listDeliveries({ principal, id: hook.webhook.id, page: { page: 0, per_page: 20 } });
    expect(ids(result)).toEqual(["dlv_tie_c", "dlv_tie_b", "dlv_tie_a"]);
  });

  it("pages are zero-based and follow each other without overlap or gap, even across ties", async () => {
    const principal = await tenant();
    const hook = await newWebhook(principal);
    await seedAttempts(
      hook,
      Array.from({ length: 7 }, (_, i) => ({ at: Math.floor(i / 3) })),
    );
    const all = ids(await listDeliveries({ principal, id: hook.webhook.id, page: { page: 0, per_page: 20 } }));
    const pages = await Promise.all(
      [0, 1, 2].map((page) => listDeliveries({ principal, id: hook.webhook.id, page: { page, per_page: 3 } })),
    );
    expect(pages.map(ids)).toEqual([all.slice(0, 3), all.slice(3, 6), all.slice(6)]);
  });

  it("total counts every attempt of the webhook, on every page", async () => {
    const principal = await tenant();
    const hook = await newWebhook(principal);
    await seedAttempts(hook, [{ at: 0 }, { at: 1 }, { at: 2 }, { at: 3 }, { at: 4 }]);
    for (const page of [0, 1, 2]) {
      const result = await listDeliveries({ principal, id: hook.webhook.id, page: { page, per_page: 2 } });
      expect(result.total).toBe(5);
    }
  });

  it("a page past the last is empty", async () => {
    const principal = await tenant();
    const hook = await newWebhook(principal);
    await seedAttempts(hook, [{ at: 0 }, { at: 1 }]);
    const result = await listDeliveries({ principal, id: hook.webhook.id, page: { page: 1, per_page: 2 } });
    expect(result).toEqual({ total: 2, rows: [] });
  });

  it("lists only the webhook's own attempts, not those of the account's other webhooks", async () => {
    const principal = await tenant();
    const mine = await newWebhook(principal);
    const other = await newWebhook(principal);
    const own = await seedAttempts(mine, [{ at: 0 }]);
    await seedAttempts(other, [{ at: 1 }, { at: 2 }]);
    const result = await listDeliveries({ principal, id: mine.webhook.id, page: { page: 0, per_page: 20 } });
    expect(result).toMatchObject({ total: 1 });
    expect(ids(result)).toEqual(own);
  });

  it("another account's webhook is not found", async () => {
    const hook = await newWebhook(await tenant());
    await seedAttempts(hook, [{ at: 0 }]);
    const stranger = await tenant();
    await expect(
      listDeliveries({ principal: stranger, id: hook.webhook.id, page: { page: 0, per_page: 20 } }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("the account's webhook is not found from its other environment", async () => {
    const principal = await tenant();
    const hook = await newWebhook(principal);
    const sandbox = { ...principal, environment: "sandbox" as const };
    await expect(
      listDeliveries({ principal: sandbox, id: hook.webhook.id, page: { page: 0, per_page: 20 } }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("a key scoped to another profile group does not find an account-wide webhook", async () => {
    const account = await seedAccount();
    const hook = await newWebhook(principalFor({ accountId: account.id }));
    const group = await seedGroup({ accountId: account.id });
    const scoped = principalFor({ accountId: account.id, kind: "scoped_key", profileGroupId: group.id });
    await expect(
      listDeliveries({ principal: scoped, id: hook.webhook.id, page: { page: 0, per_page: 20 } }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("GET /api/webhooks/:id/deliveries paging parameters", () => {
  const get = async (query: string) => {
    const account = await seedAccount();
    const principal = principalFor({ accountId: account.id });
    const hook = await newWebhook(principal);
    const seeded = await seedAttempts(
      hook,
      Array.from({ length: 25 }, (_, i) => ({ at: i })),
    );
    const { token } = await seedKey({ accountId: account.id });
    const res = await callRoute(deliveriesRoute.GET, {
      token,
      params: { id: hook.webhook.id },
      path: `/api/webhooks/${hook.webhook.id}/deliveries${query}`,
    });
    return { res, newestFirst: [...seeded].reverse() };
  };

  it("defaults to page 0 with 20 per page", async () => {
    const { res, newestFirst } = await get("");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ total: 25, page: 0, per_page: 20 });
    expect(res.json.data!.map((d) => (d as { id: string }).id)).toEqual(newestFirst.slice(0, 20));
  });

  it("a negative page is read as page 0", async () => {
    const { res } = await get("?page=-1&per_page=5");
    expect(res.json).toMatchObject({ page: 0, per_page: 5 });
  });

  it("per_page below 1 is read as 1", async () => {
    const { res } = await get("?per_page=0");
    expect(res.json).toMatchObject({ per_page: 1 });
    expect(res.json.data).toHaveLength(1);
  });

  it("per_page above 100 is read as 100", async () => {
    const { res } = await get("?per_page=500");
    expect(res.json).toMatchObject({ per_page: 100 });
    expect(res.json.data).toHaveLength(25);
  });
});
