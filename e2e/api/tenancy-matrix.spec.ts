import { expect, test, type APIRequestContext } from "@playwright/test";
import { auth } from "../support/tenant";
import {
  BODIES,
  KIND_OF_FILTER,
  OWNER_GET_UNPROVABLE,
  matrixCases,
  missingIdLike,
  seedTenantA,
  type MatrixCase,
  type OpenApiDocument,
  type Seed,
} from "../support/tenancy";

// Issue 11, "Tenancy matrix": for every operation of /api/openapi.json with a path id or an id filter,
// every other principal (another account, the other environment, another group's scoped key) gets
// exactly what a missing id gets: same status, same body (the id itself aside), none of A's data. The
// owner's resources are unchanged afterwards (no write leaked through a refused request either).

type Answer = { status: number; body: string };

// `id` goes where the case puts it; other required query parameters get A's id of their kind.
const send = async (
  request: APIRequestContext,
  token: string,
  c: MatrixCase,
  id: string,
  seed: Seed,
): Promise<Answer> => {
  const path = c.path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
  const query = new URLSearchParams();
  if (c.filter) query.set(c.filter.name, id);
  for (const name of c.requiredQuery) {
    const kind = KIND_OF_FILTER[name];
    const networkValue = c.network ? seed.networkQuery[c.network]?.[name] : undefined;
    if (!query.has(name)) query.set(name, networkValue ?? (kind && kind !== "not_a_tenant_id" ? seed.ids[kind] : id));
  }
  const url = query.size ? `${path}?${query}` : path;
  const res = await request.fetch(url, {
    method: c.method,
    headers: auth(token),
    ...(c.hasBody && { data: BODIES[c.operationId] ?? {} }),
  });
  return { status: res.status(), body: await res.text() };
};

const normalise = (answer: Answer, id: string) => ({ status: answer.status, body: answer.body.split(id).join("<id>") });

test.describe("tenancy matrix (issue 11)", () => {
  test("every other principal gets exactly what a missing id gets, on every operation with an id", async ({
    request,
  }) => {
    test.setTimeout(180_000);
    const doc = (await (await request.get("/api/openapi.json")).json()) as OpenApiDocument;
    const cases = matrixCases(doc);
    expect(cases.length).toBeGreaterThan(20);
    const seed: Seed = await seedTenantA(request);
    const before = await snapshot(request, seed);

    let requests = 0;
    const leaks: string[] = [];
    const vacuous: string[] = [];
    for (const c of cases) {
      const kind = c.id?.kind ?? c.filter!.kind;
      const realId = c.network && c.id ? seed.networkProfiles[c.network]! : seed.ids[kind];
      const missingId = missingIdLike(realId);
      // The owner's own GET proves the seeded id is real (otherwise the comparison would prove nothing).
      if (c.method === "GET" && c.id && !OWNER_GET_UNPROVABLE.has(c.operationId)) {
        const own = await send(request, seed.owner, c, realId, seed);
        requests++;
        if (own.status !== 200) vacuous.push(`${c.operationId}: the owner got ${own.status} ${own.body.slice(0, 120)}`);
      }
      for (const other of seed.others) {
        const missing = normalise(await send(request, other.token, c, missingId, seed), missingId);
        const foreign = normalise(await send(request, other.token, c, realId, seed), realId);
        requests += 2;
        const where = `${c.method} ${c.path}${c.filter ? `?${c.filter.name}=` : ""} as ${other.label}`;
        if (foreign.status !== missing.status || foreign.body !== missing.body) {
          leaks.push(
            `${where}: ${foreign.status} ${foreign.body.slice(0, 160)} (missing id: ${missing.status} ${missing.body.slice(0, 160)})`,
          );
        } else if (seed.secrets.some((s) => foreign.body.includes(s))) {
          leaks.push(`${where}: the body carries tenant A's data`);
        }
      }
    }
    const after = await snapshot(request, seed);
    console.log(
      `[tenancy-matrix] ${cases.length} operation cases x ${seed.others.length} principals: ${requests} requests, ${leaks.length} leaks, owner's resources ${JSON.stringify(after) === JSON.stringify(before) ? "unchanged" : "CHANGED"}`,
    );
    expect(leaks).toEqual([]);
    expect(vacuous).toEqual([]);
    expect(after).toEqual(before);
  });
});

// The owner's view of every seeded resource (what a leaked write would change).
const snapshot = async (request: APIRequestContext, seed: Seed) => {
  const get = async (path: string) => {
    const res = await request.get(path, { headers: auth(seed.owner) });
    return { status: res.status(), body: (await res.json()) as unknown };
  };
  return {
    group: await get(`/api/profile_groups/${seed.ids.profile_group}`),
    profile: await get(`/api/profiles/${seed.ids.profile}`),
    post: await get(`/api/posts/${seed.ids.post}`),
    queue: await get(`/api/post_queues/${seed.ids.post_queue}`),
    webhook: await get(`/api/webhooks/${seed.ids.webhook}`),
    keys: await get("/api/api_keys"),
  };
};
