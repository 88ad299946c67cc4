import { readFileSync, readdirSync } from "node:fs";

// The soak campaign's load (issue 11), shared by `npm run soak` (scripts/soak.ts, 30 minutes) and its short
// variant in `npm test` (e2e/api/soak.spec.ts): a steady mix of reads and writes of several tenants, started
// at a fixed rate whatever the answers' latency (open loop, capped in flight), while the server's resident
// memory is sampled after a warm-up. Writes are paired with their undo (a group created is deleted, a queued
// post is deleted) so the data the reads walk stays about the same size over any duration: growth then
// means a leak, not a bigger database. Plain fetch: no test framework, the script runs it too.

export type SoakKeys = { live: string; sandbox: string };
type Tenant = SoakKeys & {
  index: number;
  groupId: string;
  profileId: string;
  queueId: string;
  drafts: string[];
  published: string[];
  queued: string[];
  groups: string[];
};
type Op = { name: string; run: (t: Tenant) => Promise<{ status: number; ok: number[] }> };

export type SoakReport = {
  seconds: number;
  requests: number;
  rate: number;
  statuses: Record<string, number>;
  byOperation: Record<string, number>;
  errors: string[];
  errorCount: number;
  p50: number;
  p95: number;
  maxInFlight: number;
  rssSamples: { at: number; kb: number }[];
  memoryGrowth: number | null; // percent: mean of the last samples against the mean of the first ones
};

export type SoakOptions = {
  baseUrl: string;
  tenants: SoakKeys[];
  seconds: number;
  rate: number; // requests started per second
  warmupSeconds: number; // load runs, memory is not sampled yet
  sampleEverySeconds?: number;
  maxInFlight?: number;
  rssKb?: () => number | null; // the server's resident memory; null when it cannot be read
  log?: (line: string) => void;
};

const jsonHeaders = (token: string) => ({ Authorization: `Bearer ${token}`, "Content-Type": "application/json" });

const call = async (baseUrl: string, method: string, path: string, token: string, body?: unknown) => {
  const res = await fetch(new URL(path, baseUrl), {
    method,
    headers: jsonHeaders(token),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown>;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    json = { text: text.slice(0, 200) };
  }
  return { status: res.status, json };
};

// A keep-alive socket the server closed while it was idle (the seed waits on the CLI between calls): the
// seed asks once more. The load itself never retries: any failed connection there counts as an error.
const closedSocket = (err: unknown) =>
  err instanceof TypeError && (err.cause as { code?: string } | undefined)?.code === "UND_ERR_SOCKET";

const must = async (what: string, send: () => ReturnType<typeof call>, expected: number) => {
  const res = await send().catch((err: unknown) => (closedSocket(err) ? send() : Promise.reject(err)));
  if (res.status !== expected)
    throw new Error(`soak seed: ${what} answered ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
  return res.json;
};

// Per tenant (sandbox environment): a group, a sandbox Bluesky profile (publishes to the simulated network)
// and a queue with a slot every day.
const seedTenant = async (baseUrl: string, keys: SoakKeys, index: number): Promise<Tenant> => {
  const group = await must(
    "POST /api/profile_groups",
    () => call(baseUrl, "POST", "/api/profile_groups", keys.sandbox, { profile_group: { name: `Soak ${index}` } }),
    201,
  );
  const groupId = group.id as string;
  const connected = await must(
    "initialize_connection",
    () =>
      call(baseUrl, "POST", `/api/profile_groups/${groupId}/initialize_connection`, keys.sandbox, {
        platform: "bluesky",
        identifier: `soak-${index}-${Date.now()}.bsky.social`,
        app_password: "abcd-efgh-ijkl-mnop",
      }),
    200,
  );
  const slots = Array.from({ length: 7 }, (_, day) =>
    ["08:00", "12:00", "17:00"].map((time) => ({ day, time })),
  ).flat();
  const queue = await must(
    "POST /api/post_queues",
    () =>
      call(baseUrl, "POST", "/api/post_queues", keys.sandbox, {
        profile_group_id: groupId,
        post_queue: { name: `Soak ${index}`, queue_timeslots_attributes: slots },
      }),
    201,
  );
  return {
    ...keys,
    index,
    groupId,
    profileId: (connected.profile as { id: string }).id,
    queueId: queue.id as string,
    drafts: [],
    published: [],
    queued: [],
    groups: [],
  };
};

// The mix, one operation per request, in this order round-robin (tenants interleaved): 8 reads for 6 writes.
const operations = (baseUrl: string): Op[] => {
  const get = (path: string, token: string) => call(baseUrl, "GET", path, token);
  const post = (path: string, token: string, body?: unknown) => call(baseUrl, "POST", path, token, body);
  const del = (path: string, token: string) => call(baseUrl, "DELETE", path, token);
  const draftBody = (t: Tenant) => ({
    post: { body: `Soak draft ${Date.now()}`, draft: true },
    profiles: [t.profileId],
  });
  return [
    {
      name: "GET /api/profile_groups",
      run: async (t) => ({ ...(await get("/api/profile_groups", t.sandbox)), ok: [200] }),
    },
    {
      name: "POST /api/posts (draft)",
      run: async (t) => {
        const res = await post("/api/posts", t.sandbox, draftBody(t));
        if (res.status === 201 || res.status === 200) t.drafts.push(res.json.id as string);
        return { ...res, ok: [200, 201] };
      },
    },
    {
      name: "GET /api/posts",
      run: async (t) => ({ ...(await get("/api/posts?page=0&per_page=20", t.sandbox)), ok: [200] }),
    },
    {
      name: "POST /api/posts/:id/publish",
      run: async (t) => {
        const id = t.drafts.shift();
        if (!id) return { ...(await post("/api/posts", t.sandbox, draftBody(t))), ok: [200, 201] }; // nothing to publish yet
        const res = await post(`/api/posts/${id}/publish`, t.sandbox);
        if (res.status === 200) t.published = [id, ...t.published].slice(0, 10); // the stats read asks for these
        return { ...res, ok: [200] };
      },
    },
    {
      name: "GET /api/post_queues",
      run: async (t) => ({ ...(await get(`/api/post_queues?profile_group_id=${t.groupId}`, t.sandbox)), ok: [200] }),
    },
    {
      name: "POST /api/posts (queued)",
      run: async (t) => {
        const res = await post("/api/posts", t.sandbox, {
          post: { body: `Soak queued ${Date.now()}` },
          profiles: [t.profileId],
          queue_id: t.queueId,
        });
        if (res.status === 201 || res.status === 200) t.queued.push(res.json.id as string);
        return { ...res, ok: [200, 201] };
      },
    },
    {
      name: "GET /api/post_queues/:id/next_slot",
      run: async (t) => ({ ...(await get(`/api/post_queues/${t.queueId}/next_slot`, t.sandbox)), ok: [200] }),
    },
    {
      name: "DELETE /api/posts/:id (queued)",
      run: async (t) => {
        const id = t.queued.shift();
        if (!id) return { ...(await get(`/api/posts?page=0&per_page=20`, t.sandbox)), ok: [200] };
        return { ...(await del(`/api/posts/${id}`, t.sandbox)), ok: [200] };
      },
    },
    { name: "GET /api/webhooks", run: async (t) => ({ ...(await get("/api/webhooks", t.sandbox)), ok: [200] }) },
    {
      name: "POST /api/profile_groups",
      run: async (t) => {
        const res = await post("/api/profile_groups", t.live, { profile_group: { name: `Soak temp ${Date.now()}` } });
        if (res.status === 201) t.groups.push(res.json.id as string);
        return { ...res, ok: [201] };
      },
    },
    {
      name: "GET /api/profiles/:id/stats",
      run: async (t) => ({ ...(await get(`/api/profiles/${t.profileId}/stats`, t.sandbox)), ok: [200] }),
    },
    {
      name: "DELETE /api/profile_groups/:id",
      run: async (t) => {
        const id = t.groups.shift();
        if (!id) return { ...(await get("/api/profile_groups", t.live)), ok: [200] };
        return { ...(await del(`/api/profile_groups/${id}`, t.live)), ok: [200] };
      },
    },
    {
      name: "GET /api/posts/stats",
      run: async (t) => {
        if (t.published.length === 0) return { ...(await get("/api/profiles", t.sandbox)), ok: [200] };
        return {
          ...(await get(`/api/posts/stats?post_ids=${t.published.join(",")}&profiles=${t.profileId}`, t.sandbox)),
          ok: [200],
        };
      },
    },
    { name: "GET /api/profiles", run: async (t) => ({ ...(await get("/api/profiles", t.live)), ok: [200] }) },
  ];
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

// Growth between the median of the first quarter of the samples (at least one) and the median of the last
// quarter: medians, because the garbage collector makes single samples swing by tens of MB either way.
export const memoryGrowth = (samples: number[]): number | null => {
  if (samples.length < 2) return null;
  const n = Math.max(1, Math.floor(samples.length / 4));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const first = median(samples.slice(0, n));
  return ((median(samples.slice(-n)) - first) / first) * 100;
};

export const runSoak = async (options: SoakOptions): Promise<SoakReport> => {
  const {
    baseUrl,
    seconds,
    rate,
    warmupSeconds,
    sampleEverySeconds = 5,
    maxInFlight = 64,
    rssKb = () => null,
    log = () => {},
  } = options;
  const tenants: Tenant[] = [];
  for (const [i, keys] of options.tenants.entries()) tenants.push(await seedTenant(baseUrl, keys, i));
  const ops = operations(baseUrl);

  const statuses: Record<string, number> = {};
  const byOperation: Record<string, number> = {};
  const errors: string[] = [];
  let errorCount = 0;
  const latencies: number[] = [];
  const rssSamples: { at: number; kb: number }[] = [];
  const fail = (line: string) => {
    errorCount++;
    if (errors.length < 50) errors.push(line);
  };

  const started = Date.now();
  const end = started + seconds * 1000;
  const interval = 1000 / rate;
  let inFlight = 0;
  let maxSeen = 0;
  const running = new Set<Promise<void>>();

  const sampler = setInterval(() => {
    const at = (Date.now() - started) / 1000;
    if (at < warmupSeconds) return;
    const kb = rssKb();
    if (kb !== null) rssSamples.push({ at, kb });
  }, sampleEverySeconds * 1000);
  let lastLog = started;

  let i = 0;
  for (; ; i++) {
    await sleep(started + i * interval - Date.now());
    if (Date.now() >= end) break;
    while (inFlight >= maxInFlight) await Promise.race(running);
    const tenant = tenants[i % tenants.length]!;
    const op = ops[Math.floor(i / tenants.length) % ops.length]!;
    const t0 = performance.now();
    inFlight++;
    maxSeen = Math.max(maxSeen, inFlight);
    const task = op
      .run(tenant)
      .then(({ status, ok }) => {
        latencies.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (!ok.includes(status)) fail(`${op.name} (tenant ${tenant.index}): ${status}`);
      })
      .catch((err: unknown) => {
        statuses.network = (statuses.network ?? 0) + 1;
        fail(`${op.name} (tenant ${tenant.index}): ${err instanceof Error ? err.message : String(err)}`);
      })
      .finally(() => {
        inFlight--;
        byOperation[op.name] = (byOperation[op.name] ?? 0) + 1;
        running.delete(task);
      });
    running.add(task);
    if (Date.now() - lastLog >= 30_000) {
      lastLog = Date.now();
      const rss = rssSamples.at(-1);
      log(
        `  ${Math.round((lastLog - started) / 1000)} s: ${i + 1} requests, ${errorCount} errors, in flight ${inFlight}${rss ? `, RSS ${Math.round(rss.kb / 1024)} MB` : ""}`,
      );
    }
  }
  await Promise.all(running);
  clearInterval(sampler);
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    seconds: elapsed,
    requests: i,
    rate: i / elapsed,
    statuses,
    byOperation,
    errors,
    errorCount,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    maxInFlight: maxSeen,
    rssSamples,
    memoryGrowth: memoryGrowth(rssSamples.map((s) => s.kb)),
  };
};

export const formatSoakReport = (r: SoakReport): string => {
  const rss = r.rssSamples;
  const memory =
    r.memoryGrowth === null
      ? "memory: not measured"
      : `memory: RSS ${Math.round(rss[0]!.kb / 1024)} MB -> ${Math.round(rss.at(-1)!.kb / 1024)} MB (min ${Math.round(Math.min(...rss.map((s) => s.kb)) / 1024)}, max ${Math.round(Math.max(...rss.map((s) => s.kb)) / 1024)}; ${rss.length} samples after warm-up), growth ${r.memoryGrowth.toFixed(1)} % (median of the last quarter vs the first)\n    samples (MB): ${rss.map((s) => Math.round(s.kb / 1024)).join(" ")}`;
  return [
    `soak: ${r.requests} requests in ${r.seconds.toFixed(0)} s (${r.rate.toFixed(1)} req/s, at most ${r.maxInFlight} in flight); errors: ${r.errorCount}`,
    `  statuses: ${Object.entries(r.statuses)
      .map(([s, n]) => `${s}: ${n}`)
      .join(", ")}`,
    `  latency: p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms`,
    `  ${memory}`,
    `  by operation: ${Object.entries(r.byOperation)
      .map(([op, n]) => `${op} ${n}`)
      .join(", ")}`,
    ...r.errors.slice(0, 20).map((e) => `  error: ${e}`),
  ].join("\n");
};

// Resident memory (kB) of the Next.js server: the sum over `root` and its descendants whose command is the
// server's (`next-server`, or the `next` binary before it renames itself). Null when /proc is unreadable.
export const nextServerRssKb = (root: number): number | null => {
  const read = (file: string) => {
    try {
      return readFileSync(file, "utf8");
    } catch {
      return null;
    }
  };
  const children = new Map<number, number[]>();
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p));
  } catch {
    return null;
  }
  for (const pid of pids) {
    const stat = read(`/proc/${pid}/stat`);
    const ppid = stat ? Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) : NaN;
    if (Number.isFinite(ppid)) children.set(ppid, [...(children.get(ppid) ?? []), Number(pid)]);
  }
  let total = 0;
  let found = false;
  const visit = (pid: number) => {
    const cmd = (read(`/proc/${pid}/cmdline`) ?? "").replace(/\0/g, " ");
    const rss = /VmRSS:\s+(\d+) kB/.exec(read(`/proc/${pid}/status`) ?? "");
    if (rss && /next-server|node_modules\/\.bin\/next|next\/dist\/bin\/next/.test(cmd)) {
      total += Number(rss[1]);
      found = true;
    }
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return found ? total : null;
};
