import { expect, test, type APIRequestContext } from "@playwright/test";
import { auth, createTenant } from "../support/tenant";

// Load smoke (runs in `api` and in `api-default`, the embedded default of `npm start`): 2,000 mixed
// authenticated requests of several tenants at concurrency 32. No answer may be a 5xx, no valid key may be
// refused, and every id in every answer belongs to the caller (checked at the end against every tenant's
// complete set, so an answer carrying a row of a tenant created mid-run is caught too).
// The defects of the former single-session embedded database this guards: answers crossing requests, valid
// keys answered 401, and `POST /api/posts/:id/publish` failing on every draft.

const TOTAL = 2_000;
const CONCURRENCY = 32;
const TENANTS = 4;

type Principal = { tenant: number; scope: string; label: string; token: string; groupId?: string };
type Seen = { principal: Principal; ids: string[]; what: string };

const json = async (res: Awaited<ReturnType<APIRequestContext["get"]>>) =>
  (await res.json()) as Record<string, unknown>;

test("2,000 mixed requests of four tenants at concurrency 32: no 5xx, no 401, every answer the caller's own", async ({
  request,
}) => {
  test.setTimeout(300_000);
  const owned = new Map<string, string>(); // id -> "<tenant>:<environment>" of its creator
  const principals: Principal[] = [];
  const drafts: { tenant: number; token: string; ids: string[] }[] = [];

  for (let t = 0; t < TENANTS; t++) {
    const tenant = createTenant();
    const group = await json(
      await request.post("/api/profile_groups", { headers: auth(tenant.sandbox), data: { name: `Load ${t}` } }),
    );
    owned.set(group.id as string, `${t}:sandbox`);
    const connected = await json(
      await request.post(`/api/profile_groups/${group.id}/initialize_connection`, {
        headers: auth(tenant.sandbox),
        data: { platform: "bluesky", identifier: `load-${t}.bsky.social`, app_password: "abcd-efgh-ijkl-mnop" },
      }),
    );
    owned.set((connected.profile as { id: string }).id, `${t}:sandbox`);
    const scoped = await json(
      await request.post("/api/api_keys", { headers: auth(tenant.sandbox), data: { profile_group_id: group.id } }),
    );
    principals.push(
      { tenant: t, scope: `${t}:live`, label: "live", token: tenant.live },
      { tenant: t, scope: `${t}:sandbox`, label: "sandbox", token: tenant.sandbox },
      { tenant: t, scope: `${t}:sandbox`, label: "scoped", token: scoped.token as string, groupId: group.id as string },
    );
    drafts.push({ tenant: t, token: tenant.sandbox, ids: [] });
  }

  const statuses = new Map<number, number>();
  const calls = new Map<string, number>();
  const failures: string[] = [];
  const seen: Seen[] = [];
  const record = (principal: Principal, what: string, status: number, ok: number[]) => {
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    calls.set(what, (calls.get(what) ?? 0) + 1);
    if (!ok.includes(status)) failures.push(`${principal.label}@${principal.tenant} ${what}: ${status}`);
  };
  const listIds = (body: Record<string, unknown>) =>
    ((body.data as { id: string }[] | undefined) ?? []).map((r) => r.id);

  const operations: ((p: Principal, i: number) => Promise<void>)[] = [
    async (p) => {
      const res = await request.get("/api/profiles", { headers: auth(p.token) });
      record(p, "GET /api/profiles", res.status(), [200]);
      if (res.ok()) seen.push({ principal: p, what: "profiles", ids: listIds(await json(res)) });
    },
    async (p) => {
      const res = await request.get("/api/profile_groups", { headers: auth(p.token) });
      record(p, "GET /api/profile_groups", res.status(), [200]);
      if (res.ok()) seen.push({ principal: p, what: "groups", ids: listIds(await json(res)) });
    },
    async (p) => {
      const res = await request.get("/api/posts?page=0&per_page=50", { headers: auth(p.token) });
      record(p, "GET /api/posts", res.status(), [200]);
      if (res.ok()) seen.push({ principal: p, what: "posts", ids: listIds(await json(res)) });
    },
    async (p, i) => {
      if (p.label === "scoped") return void (await operations[0]!(p, i)); // scoped keys cannot create groups
      const res = await request.post("/api/profile_groups", { headers: auth(p.token), data: { name: `G${i}` } });
      record(p, "POST /api/profile_groups", res.status(), [201]);
      if (res.ok()) owned.set((await json(res)).id as string, p.scope);
    },
    async (p, i) => {
      if (p.label === "live") return void (await operations[1]!(p, i)); // the bluesky profile is a sandbox one
      const res = await request.post("/api/posts", {
        headers: auth(p.token),
        data: { post: { body: `Draft ${i}`, draft: true }, profiles: ["bluesky"] },
      });
      record(p, "POST /api/posts (draft)", res.status(), [200, 201]);
      if (!res.ok()) return;
      const id = (await json(res)).id as string;
      owned.set(id, p.scope);
      drafts[p.tenant]!.ids.push(id);
    },
    async (p, i) => {
      const draft = drafts[p.tenant]!.ids.shift();
      if (!draft || p.label === "live") return void (await operations[2]!(p, i));
      const res = await request.post(`/api/posts/${draft}/publish`, { headers: auth(p.token) });
      record(p, "POST /api/posts/:id/publish", res.status(), [200]);
      if (res.ok() && (await json(res)).id !== draft)
        failures.push(`${p.label}@${p.tenant} publish of ${draft} answered another post`);
    },
  ];

  let next = 0;
  const started = Date.now();
  const worker = async () => {
    for (let i = next++; i < TOTAL; i = next++) {
      const principal = principals[i % principals.length]!;
      await operations[(i * 7 + principal.tenant) % operations.length]!(principal, i);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (Date.now() - started) / 1000;

  // Another tenant's or environment's row, or (scoped keys) another group than the key's.
  const foreign = ({ principal, what }: Seen, id: string) =>
    owned.get(id) !== principal.scope ||
    (principal.groupId !== undefined && what === "groups" && id !== principal.groupId);
  const leaks = seen.flatMap((s) =>
    s.ids
      .filter((id) => foreign(s, id))
      .map(
        (id) => `${s.principal.label}@${s.principal.tenant} saw ${s.what} ${id} (owner ${owned.get(id) ?? "unknown"})`,
      ),
  );
  const byStatus = [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}: ${n}`)
    .join(", ");
  console.log(
    `load smoke (${test.info().project.name}): ${TOTAL} requests, concurrency ${CONCURRENCY}, ${seconds.toFixed(1)} s (${Math.round(TOTAL / seconds)} req/s); ${byStatus}; ids checked: ${seen.reduce((n, s) => n + s.ids.length, 0)}; leaks: ${leaks.length}`,
  );
  console.log(`  by operation: ${[...calls.entries()].map(([what, n]) => `${what} ${n}`).join(", ")}`);
  expect(failures.slice(0, 20)).toEqual([]);
  expect(leaks.slice(0, 20)).toEqual([]);
  expect([...statuses.keys()].every((s) => s < 500 && s !== 401)).toBe(true);
});
