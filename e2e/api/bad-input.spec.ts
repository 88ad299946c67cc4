import { expect, test, type APIRequestContext } from "@playwright/test";
import { generate, type BadRequest, type OpenApi, type Target } from "../support/bad-input";
import { flood, type Outcome } from "../support/http-flood";
import { auth, createTenant, runScript } from "../support/tenant";

// The bad-input campaign (issue 11): at least 10,000 generated malformed requests against every endpoint
// of /api/openapi.json, 16 in flight. No 5xx; every must-refuse write refused; the service healthy
// afterwards; tenant A's rows and the media directory exactly as before. Replay a run with
// BAD_INPUT_SEED=<seed> (printed); a failing request is printed with its number, tenant and bytes.

const SEED = Number(process.env.BAD_INPUT_SEED ?? 20261126);
const MINIMUM = Number(process.env.BAD_INPUT_REQUESTS ?? 10_000);
const CONCURRENCY = 16;
const B_TENANTS = 6; // may-accept writes of one tenant run one at a time (http-flood.ts): several tenants keep 16 in flight

type Snapshot = { counts: Record<string, number>; media: string[] };
const snapshot = (accountId: string): Snapshot =>
  JSON.parse(runScript("e2e/support/snapshot-script.ts", [accountId])) as Snapshot;

// Background work after seeding (placement sync, events) settles before the first snapshot.
const settledSnapshot = async (accountId: string): Promise<Snapshot> => {
  let previous = snapshot(accountId);
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const current = snapshot(accountId);
    if (JSON.stringify(current) === JSON.stringify(previous)) return current;
    previous = current;
  }
  return previous;
};

const seedTarget = async (request: APIRequestContext, name: string): Promise<{ accountId: string; target: Target }> => {
  const tenant = createTenant();
  const headers = auth(tenant.sandbox);
  const ok = async (res: Awaited<ReturnType<APIRequestContext["post"]>>) => {
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()) as Record<string, any>;
  };
  const group = await ok(await request.post("/api/profile_groups", { headers, data: { name } }));
  const connected = await ok(
    await request.post(`/api/profile_groups/${group.id}/initialize_connection`, {
      headers,
      data: {
        platform: "bluesky",
        identifier: `${name.toLowerCase()}.bsky.social`,
        app_password: "abcd-efgh-ijkl-mnop",
      },
    }),
  );
  const post = await ok(
    await request.post("/api/posts", {
      headers,
      data: { post: { body: "seeded draft", draft: true }, profiles: ["bluesky"], profile_group_id: group.id },
    }),
  );
  const queue = await ok(
    await request.post("/api/post_queues", {
      headers,
      data: {
        profile_group_id: group.id,
        post_queue: { name: "Seeded", queue_timeslots_attributes: [{ day: 1, time: "09:00" }] },
      },
    }),
  );
  const webhook = await ok(
    await request.post("/api/webhooks", {
      headers,
      data: { url: "https://93.184.216.34/hook", events: ["post.processed"] },
    }),
  );
  const key = await ok(
    await request.post("/api/api_keys", { headers, data: { profile_group_id: group.id, name: "seeded" } }),
  );
  const ids = { grp: group.id, prof: connected.profile.id, post: post.id, que: queue.id, whk: webhook.id, key: key.id };
  return { accountId: tenant.accountId, target: { token: tenant.sandbox, ids } };
};

const describeRequest = (r: BadRequest, o: Outcome) =>
  `#${r.n} [tenant ${r.tenant}] ${r.op} :: ${r.kind}\n  ${r.method} ${r.path.slice(0, 300)}\n  headers ${JSON.stringify(r.headers).slice(0, 300)}\n  body ${r.body ? JSON.stringify(r.body.subarray(0, 300).toString("latin1")) : "-"} (${r.body?.length ?? 0} bytes)\n  -> ${o.status ?? o.error} ${o.body.slice(0, 200)}`;

test("bad input: 10,000+ generated requests, no 5xx, nothing written by a refused request", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const a = await seedTarget(request, "CampaignA");
  const bs = [];
  for (let i = 0; i < B_TENANTS; i++) bs.push((await seedTarget(request, `CampaignB${i}`)).target);
  const before = await settledSnapshot(a.accountId);
  const doc = (await (await request.get("/api/openapi.json")).json()) as OpenApi;

  const requests = generate(doc, { A: a.target, B: bs }, { seed: SEED, minimum: MINIMUM });
  const started = Date.now();
  const outcomes = await flood(baseURL!, requests, { concurrency: CONCURRENCY });
  const seconds = (Date.now() - started) / 1000;

  const byStatus = new Map<string, number>();
  for (const o of outcomes)
    byStatus.set(String(o.status ?? "no answer"), (byStatus.get(String(o.status ?? "no answer")) ?? 0) + 1);
  const failures = requests.flatMap((r, i) => {
    const o = outcomes[i]!;
    if (o.status === null || o.status >= 500) return [{ r, o, why: "5xx or no answer" }];
    if (r.mustRefuse && o.status < 400) return [{ r, o, why: "must-refuse write accepted" }];
    return [];
  });
  const operations = new Set(requests.map((r) => r.op.replace(/^\S+ /, "")));
  console.log(
    [
      `bad-input campaign: seed ${SEED}, ${requests.length} requests (${requests.filter((r) => r.mustRefuse).length} must-refuse writes, tenant A ${requests.filter((r) => r.tenant === "A").length} / B tenants ${requests.filter((r) => r.tenant !== "A").length}) over ${operations.size} paths, ${CONCURRENCY} in flight`,
      `  ${seconds.toFixed(1)} s, ${(requests.length / seconds).toFixed(0)} requests/s, slowest ${Math.max(...outcomes.map((o) => o.ms))} ms`,
      `  by status: ${[...byStatus.entries()]
        .sort()
        .map(([s, n]) => `${s}: ${n}`)
        .join(", ")}`,
      `  5xx or unanswered: ${failures.filter((f) => f.why === "5xx or no answer").length}; must-refuse writes accepted: ${failures.filter((f) => f.why !== "5xx or no answer").length}`,
    ].join("\n"),
  );
  for (const f of failures.slice(0, 20))
    console.log(`FAILED (${f.why}) replay with BAD_INPUT_SEED=${SEED}\n${describeRequest(f.r, f.o)}`);

  // Still healthy: an ordinary request, a page, and no polluted prototype.
  const health = await request.get("/api/profile_groups", { headers: auth(a.target.token) });
  expect(health.status()).toBe(200);
  expect(((await health.json()) as { data: { id: string }[] }).data.map((g) => g.id)).toEqual([a.target.ids.grp]);
  expect((await request.get("/login", { maxRedirects: 0 })).status()).toBeLessThan(400);

  const after = await settledSnapshot(a.accountId);
  console.log(
    `  tenant A rows before/after: ${JSON.stringify(before.counts)} / ${JSON.stringify(after.counts)}; media files ${before.media.length} / ${after.media.length}`,
  );
  expect(failures.map((f) => `${f.why}: ${describeRequest(f.r, f.o)}`)).toEqual([]);
  expect(requests.length).toBeGreaterThanOrEqual(MINIMUM);
  expect(after.counts).toEqual(before.counts);
  expect(after.media).toEqual(before.media);
});
