// npm run soak:uploads [-- --rounds N --concurrency C --mb M]: rounds of concurrent large uploads against
// the app as `npm start` runs it (e2e/support/soak-server.ts). Each round sends C multipart POST /api/posts
// at once (a draft for a sandbox Bluesky profile with one M MB video, default 20 x 9 MB), then deletes
// those posts and lets the server settle; it prints the statuses, the time and the next-server's resident
// memory after each round, against the baseline measured before the first. Uploads are streamed to disk
// (lib/api/multipart-stream.ts), so memory should come back to about the baseline after every round.
// Figures only: exits non-zero on a failed upload, never on a timing or memory figure. SOAK_PORT picks the
// port (default 3802).
import { parseArgs } from "node:util";
import { startSoakServer } from "@/e2e/support/soak-server";
import { movie } from "@/lib/media/fixtures/iso-bmff";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "6" },
    concurrency: { type: "string", default: "20" },
    mb: { type: "string", default: "9" },
    settle: { type: "string", default: "10" }, // seconds between rounds
  },
});
const rounds = Number(values.rounds);
const concurrency = Number(values.concurrency);
const megabytes = Number(values.mb);
const settleSeconds = Number(values.settle);
if (![rounds, concurrency, megabytes].every((n) => Number.isInteger(n) && n > 0) || !(settleSeconds >= 0)) {
  console.error("usage: npm run soak:uploads -- [--rounds N] [--concurrency C] [--mb M] [--settle seconds]");
  process.exit(2);
}

const server = await startSoakServer({ name: "soak-uploads", port: Number(process.env.SOAK_PORT ?? 3802) });
const { baseUrl, cli } = server;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rssMb = () => {
  const kb = server.rssKb();
  return kb === null ? "?" : String(Math.round(kb / 1024));
};

const api = async (token: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json!;
};

let exitCode = 1;
try {
  await server.waitForServer();
  const accountId = cli("accounts", "create", "--name", "Upload soak");
  const token = cli("keys", "create", "--environment", "sandbox", "--account", accountId);
  const group = await api(token, "POST", "/api/profile_groups", { profile_group: { name: "Upload soak" } });
  await api(token, "POST", `/api/profile_groups/${group.id as string}/initialize_connection`, {
    platform: "bluesky",
    identifier: "upload-soak.bsky.social",
    app_password: "abcd-efgh-ijkl-mnop",
  });
  const video = new Blob([movie({ width: 1280, height: 720, mediaBytes: megabytes * 1024 * 1024 })], {
    type: "video/mp4",
  });
  const upload = async () => {
    const form = new FormData();
    form.append("profiles[]", "bluesky");
    form.append("post[body]", "upload soak");
    form.append("post[draft]", "true");
    form.append("media[]", video, "clip.mp4");
    const res = await fetch(`${baseUrl}/api/posts`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const json = (await res.json().catch(() => ({}))) as { id?: string };
    return { status: res.status, id: json.id };
  };

  await api(token, "GET", "/api/posts"); // warm the route before the baseline
  await sleep(settleSeconds * 1000);
  const baseline = rssMb();
  console.log(
    `soak:uploads: ${rounds} rounds of ${concurrency} concurrent ${megabytes} MB uploads to ${baseUrl}; baseline RSS ${baseline} MB`,
  );
  let failures = 0;
  for (let round = 1; round <= rounds; round++) {
    const started = Date.now();
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, (server.rssKb() ?? 0) / 1024)), 200);
    const results = await Promise.all(Array.from({ length: concurrency }, upload));
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;
    const statuses = new Map<number, number>();
    for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    failures += results.filter((r) => r.status !== 200).length;
    for (const r of results) if (r.id) await api(token, "DELETE", `/api/posts/${r.id}`);
    const after = rssMb();
    await sleep(settleSeconds * 1000);
    console.log(
      `round ${round}: ${[...statuses].map(([s, n]) => `${n}x${s}`).join(", ")} in ${seconds.toFixed(1)} s ` +
        `(${((concurrency * megabytes) / seconds).toFixed(0)} MB/s); RSS peak ${Math.round(peak)} MB, ` +
        `after ${after} MB, settled ${rssMb()} MB (baseline ${baseline} MB)`,
    );
  }
  exitCode = failures === 0 ? 0 : 1;
  if (failures > 0) console.error(`soak:uploads: FAILED: ${failures} uploads were not answered 200`);
} catch (err) {
  console.error(err);
} finally {
  await server.stop();
}
process.exit(exitCode);
