// npm run bench -- messaging: direct-message throughput, printed (never asserted). Against a fresh
// database on the test server and the local network fakes (Graph, Telegram):
//   - inbound: signed Messenger deliveries (X-Hub-Signature-256) and Telegram updates (secret token
//     header) through the receivers (stored, answered 200), then processed by the process-inbound
//     function on the local runner into chats and messages (with message.received);
//   - sending: POST /api/chats/:id/messages (accepted, pending) and the send-message function's
//     exactly-once path to each fake (published), checked against what each fake received.
// Ratios compare each stage with the one before it.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";

Object.assign(process.env, {
  APP_ENCRYPTION_KEY: process.env.APP_ENCRYPTION_KEY ?? randomBytes(32).toString("hex"),
  NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? randomBytes(32).toString("hex"),
  LOG_LEVEL: "silent",
});

const INBOUND = Number(process.env.BENCH_MESSAGING_INBOUND ?? 400);
const SENDS = Number(process.env.BENCH_MESSAGING_SENDS ?? 200);
const PARTICIPANTS = 20;
const CONCURRENCY = 8;
const FB_APP = { id: "1000000000091", secret: "bench-fb-secret" };

const { createTestDatabase } = await import("@/testing/test-database");
const database = await createTestDatabase("bench_messaging");
process.env.DATABASE_URL = database.url;

const { startGraphFake } = await import("@/testing/fakes/graph");
const { startTelegramFake } = await import("@/testing/fakes/telegram");
const graph = await startGraphFake();
const telegram = await startTelegramFake();
graph.addApp("facebook", FB_APP.id, FB_APP.secret);
Object.assign(process.env, {
  NETWORK_TELEGRAM_API_URL: telegram.url,
  NETWORK_FACEBOOK_CLIENT_ID: FB_APP.id,
  NETWORK_FACEBOOK_CLIENT_SECRET: FB_APP.secret,
  NETWORK_FACEBOOK_GRAPH_URL: graph.base("graph.facebook.com"),
});

const profileRoute = await import("@/app/inbound/[platform]/[profileId]/route");
const chatMessagesRoute = await import("@/app/api/chats/[id]/messages/route");
const { ManualClock, startLocalRunner } = await import("@/inngest/local-runner");
const { processInboundFn } = await import("@/inngest/functions/process-inbound");
const { sendMessageFn } = await import("@/inngest/functions/send-message");
const { db } = await import("@/lib/db/client");
const { callRoute } = await import("@/testing/call-route");
const { uniqueDigits } = await import("@/testing/comments");
const { seedTenant } = await import("@/testing/network-tests");
const { seedKey } = await import("@/testing/seed");
const { pushMeta, seedFacebookPage, seedTelegramProfile } = await import("@/testing/messaging-seeds");
const { profileInboundSecret } = await import("@/lib/services/inbound/secrets");

type Row = { what: string; figure: string; detail: string };
const rows: Row[] = [];
const perSecond = (count: number, ms: number) => (count / ms) * 1000;

// `total` calls of `fn`, CONCURRENCY at a time; the elapsed milliseconds.
const load = async (total: number, fn: (i: number) => Promise<void>) => {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) await fn(next++);
    }),
  );
  return performance.now() - started;
};

// Every due function run on the local runner, to the end; the elapsed milliseconds.
const drain = async (functions: NonNullable<Parameters<typeof startLocalRunner>[0]>["functions"]) => {
  const started = performance.now();
  const runner = await startLocalRunner({ functions, clock: new ManualClock(new Date()), pollIntervalMs: 0 });
  await runner.drain();
  await runner.stop();
  return performance.now() - started;
};

const expectStatus = (status: number, expected: number) => {
  if (status !== expected) throw new Error(`unexpected ${status} (expected ${expected})`);
};

const stage = (what: string, count: number, ms: number, unit: string, detail: string, before?: number) => {
  const rate = perSecond(count, ms);
  rows.push({
    what,
    figure: `${Math.round(rate)} ${unit}/s`,
    detail: `${detail}; ${count} in ${ms.toFixed(0)} ms${before ? ` (${(before / rate).toFixed(1)}x slower than the stage before)` : ""}`,
  });
  return rate;
};

const countOf = (profileId: string, direction: "inbound" | "outbound", status?: string) =>
  db.message.count({ where: { profileId, direction, ...(status && { status: status as "published" }) } });

try {
  // A Facebook Page and a Telegram bot of one tenant, connected as the connectors store them.
  const tenant = await seedTenant();
  const { token } = await seedKey({ accountId: tenant.account.id });
  const { profile: facebook, page } = await seedFacebookPage(graph, tenant, { name: "Bench Bakery" });
  const bot = await seedTelegramProfile(telegram, tenant);

  // Inbound: Messenger.
  const psids = Array.from({ length: PARTICIPANTS }, () => uniqueDigits(16));
  for (const psid of psids) graph.messenger.participantWrote("facebook", page, psid); // the network's side of the window
  const fbReceived = await load(INBOUND, async (i) => {
    const event = {
      sender: { id: psids[i % PARTICIPANTS] },
      recipient: { id: page },
      timestamp: Date.now(),
      message: { mid: `m_bench_${i}_${uniqueDigits(8)}`, text: `Message ${i}` },
    };
    expectStatus(await pushMeta(FB_APP, "facebook", page, [event]), 200);
  });
  const fbReceiveRate = stage(
    "inbound Messenger: receiver (signed, stored)",
    INBOUND,
    fbReceived,
    "deliveries",
    `${CONCURRENCY} concurrent, X-Hub-Signature-256 checked over the raw body`,
  );
  const fbProcessed = await drain([processInboundFn]);
  if ((await countOf(facebook.id, "inbound")) !== INBOUND) throw new Error("Messenger deliveries lost or duplicated");
  stage(
    "inbound Messenger: process-inbound",
    INBOUND,
    fbProcessed,
    "deliveries",
    `into ${PARTICIPANTS} chats, message.received each`,
    fbReceiveRate,
  );

  // Inbound: Telegram.
  const users = Array.from({ length: PARTICIPANTS }, (_, i) => ({ id: 700_000_000 + i, first_name: `User ${i}` }));
  const updates = Array.from({ length: INBOUND }, (_, i) =>
    JSON.stringify(telegram.userWrites(users[i % PARTICIPANTS]!, `Update ${i}`)),
  );
  const tgReceived = await load(INBOUND, async (i) => {
    const res = await profileRoute.POST(
      new Request(`http://localhost/inbound/telegram/${bot.id}`, {
        method: "POST",
        body: updates[i],
        headers: {
          "content-type": "application/json",
          "x-telegram-bot-api-secret-token": profileInboundSecret(bot.id),
        },
      }),
      { params: Promise.resolve({ platform: "telegram", profileId: bot.id }) },
    );
    expectStatus(res.status, 200);
  });
  const tgReceiveRate = stage(
    "inbound Telegram: receiver (secret token, stored)",
    INBOUND,
    tgReceived,
    "updates",
    `${CONCURRENCY} concurrent`,
  );
  const tgProcessed = await drain([processInboundFn]);
  if ((await countOf(bot.id, "inbound")) !== INBOUND) throw new Error("Telegram updates lost or duplicated");
  stage(
    "inbound Telegram: process-inbound",
    INBOUND,
    tgProcessed,
    "updates",
    `into ${PARTICIPANTS} chats`,
    tgReceiveRate,
  );

  // Sending: accepted by the API, then sent exactly once by the send-message function.
  for (const [label, profile, sentOnFake] of [
    ["Telegram", bot, () => telegram.messages.length],
    [
      "Messenger",
      facebook,
      () => graph.requests.filter((r) => r.method === "POST" && r.path.endsWith("/messages")).length,
    ],
  ] as const) {
    const chats = await db.chat.findMany({ where: { profileId: profile.id }, select: { id: true } });
    const before = sentOnFake();
    const accepted = await load(SENDS, async (i) => {
      const id = chats[i % chats.length]!.id;
      const res = await callRoute(chatMessagesRoute.POST, {
        path: `/api/chats/${id}/messages`,
        token,
        params: { id },
        body: { body: `Reply ${i}` },
      });
      expectStatus(res.status, 202);
    });
    const acceptRate = stage(
      `send ${label}: POST /api/chats/:id/messages`,
      SENDS,
      accepted,
      "messages",
      `${CONCURRENCY} concurrent, rules and window checked, stored pending`,
    );
    const sent = await drain([sendMessageFn]);
    const published = await countOf(profile.id, "outbound", "published");
    const onFake = sentOnFake() - before;
    if (published !== SENDS || onFake !== SENDS) {
      const statuses = await db.message.groupBy({
        by: ["status", "error"],
        where: { profileId: profile.id, direction: "outbound" },
        _count: true,
      });
      throw new Error(
        `${label}: ${published} published, ${onFake} received by the fake, ${SENDS} sent: ${JSON.stringify(statuses)}`,
      );
    }
    stage(`send ${label}: to the fake, exactly once`, SENDS, sent, "messages", "each published once", acceptRate);
  }
} finally {
  await db.$disconnect();
  await Promise.all([graph.close(), telegram.close()]);
  await database.drop();
}

const width = Math.max(...rows.map((r) => r.what.length));
console.log(`\nMessaging benchmarks (${database.name}; in-process receivers, routes and local runner; fakes)\n`);
for (const r of rows) console.log(`  ${r.what.padEnd(width)}  ${r.figure.padStart(18)}   ${r.detail}`);
console.log("");
