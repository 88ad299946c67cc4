import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { TestNetwork, TestNetworkNoAppView } from "@atproto/dev-env";
import { afterAll, beforeAll } from "vitest";
import { setEnv } from "@/testing/network-tests";

// For the bluesky tests: a real AT Protocol network from @atproto/dev-env, started in this process, and
// the user's side of it in plain XRPC (accounts, app passwords, likes, follows...).
//   - `useBlueskyNetwork()`: TestNetworkNoAppView, a PLC directory and a PDS (SQLite), nothing else. With
//     no AppView, the PDS answers app.bsky.* reads (getProfile, getPosts) with 502 UpstreamFailure.
//   - `useBlueskyNetwork({ appView: true })`: TestNetwork, which adds the AppView (bsky), bsync and Ozone.
//     They need PostgreSQL: they make schemas appview_<s> and ozone_<s> in the test run's database (dropped
//     with it). dev-env asserts REDIS_HOST is set but nothing here connects to it, so a placeholder does.
//     `processAll()` indexes what the PDS wrote into the AppView before AppView reads.

// The PDS stores accounts in SQLite through better-sqlite3, a native addon. The project's .npmrc sets
// ignore-scripts=true, so `npm install` does not compile it: `npm test` does (scripts/native-deps.ts).
const assertNativeDeps = () => {
  try {
    const Database = createRequire(import.meta.url)("better-sqlite3") as new (file: string) => { close(): void };
    new Database(":memory:").close();
  } catch (err) {
    throw new Error(
      `better-sqlite3's native addon is not built (${(err as Error).message.split("\n")[0]}). Run \`npm run native:build\` once after npm install.`,
      { cause: err },
    );
  }
};

// The AppView keeps its index in PostgreSQL: the test run's server (the machine's or the embedded one).
export const appViewDatabaseUrl = (): string | null => process.env.DATABASE_URL ?? null;

export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

export type Account = { did: string; handle: string; email: string; password: string; accessJwt: string };
type XrpcOptions = {
  body?: unknown;
  token?: string;
  query?: Record<string, string>;
  raw?: { bytes: Buffer | Uint8Array; type: string };
};

export const useBlueskyNetwork = ({
  appView = false,
  label = "bluesky",
}: { appView?: boolean; label?: string } = {}) => {
  let network: TestNetworkNoAppView | TestNetwork | undefined;
  let pds = "";
  let dataDir: string | undefined; // the PDS's SQLite files and blobs, removed afterwards

  beforeAll(async () => {
    assertNativeDeps();
    const started = Date.now();
    dataDir = await mkdtemp(path.join(tmpdir(), "bluesky-pds-"));
    const restoreTmp = setEnv({
      TMPDIR: dataDir,
      ...(appView && { REDIS_HOST: process.env.REDIS_HOST ?? "127.0.0.1:6379" }),
    }); // dev-env makes the PDS's directories under os.tmpdir(): keep them in ours
    try {
      if (appView) {
        const dbPostgresUrl = appViewDatabaseUrl();
        if (!dbPostgresUrl) throw new Error("The AppView needs a PostgreSQL server (DATABASE_URL)");
        const schema = `bsky_${randomBytes(6)
          .toString("hex")
          .replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]!)}`;
        network = await TestNetwork.create({ dbPostgresUrl, dbPostgresSchema: schema });
      } else {
        network = await TestNetworkNoAppView.create({});
      }
    } finally {
      restoreTmp();
    }
    pds = network.pds.url;
    console.log(
      `[${label}] dev-env ${appView ? "PLC + PDS + AppView" : "PLC + PDS"} started in ${Date.now() - started} ms at ${pds}`,
    );
    return setEnv({ NETWORK_BLUESKY_SERVICE_URL: pds });
  });
  afterAll(async () => {
    const started = Date.now();
    await network?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    console.log(`[${label}] dev-env closed in ${Date.now() - started} ms`);
  });

  // --- the user's side, in plain XRPC against the PDS ---
  const xrpc = async <T = Record<string, unknown>>(
    nsid: string,
    { body, token, query, raw }: XrpcOptions = {},
  ): Promise<T> => {
    const url = new URL(`/xrpc/${nsid}`, pds);
    if (query) url.search = new URLSearchParams(query).toString();
    const res = await fetch(url, {
      method: query ? "GET" : "POST",
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(body !== undefined && { "content-type": "application/json" }),
        ...(raw && { "content-type": raw.type }),
      },
      body: raw ? new Uint8Array(raw.bytes) : body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${nsid} ${res.status} ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  };

  const createAccount = async ({
    displayName,
    avatar = false,
  }: { displayName?: string; avatar?: boolean } = {}): Promise<Account> => {
    const handle = `u${randomBytes(5).toString("hex")}.test`;
    const email = `${handle}@example.com`;
    const password = `pw-${randomBytes(8).toString("hex")}`;
    const { did, accessJwt } = await xrpc<{ did: string; accessJwt: string }>("com.atproto.server.createAccount", {
      body: { handle, email, password },
    });
    if (displayName) {
      const blob = avatar
        ? (
            await xrpc<{ blob: unknown }>("com.atproto.repo.uploadBlob", {
              token: accessJwt,
              raw: { bytes: PNG_1X1, type: "image/png" },
            })
          ).blob
        : undefined;
      await xrpc("com.atproto.repo.putRecord", {
        token: accessJwt,
        body: {
          repo: did,
          collection: "app.bsky.actor.profile",
          rkey: "self",
          record: { $type: "app.bsky.actor.profile", displayName, ...(blob !== undefined && { avatar: blob }) },
        },
      });
    }
    return { did, handle, email, password, accessJwt };
  };

  // A record in the account's repo (a like, repost, follow, post), written as the Bluesky app would.
  const createRecord = (account: Account, collection: string, record: Record<string, unknown>) =>
    xrpc<{ uri: string; cid: string }>("com.atproto.repo.createRecord", {
      token: account.accessJwt,
      body: {
        repo: account.did,
        collection,
        record: { $type: collection, createdAt: new Date().toISOString(), ...record },
      },
    });

  const listRecords = async (account: Account, collection: string) =>
    (
      await xrpc<{ records: { uri: string; cid: string; value: Record<string, unknown> }[] }>(
        "com.atproto.repo.listRecords",
        { query: { repo: account.did, collection, limit: "100" } },
      )
    ).records;

  return {
    get pds() {
      return pds;
    },
    get network() {
      if (!network) throw new Error("the dev-env network is not started");
      return network;
    },
    // Index everything the PDS wrote into the AppView (appView networks only).
    processAll: async () => {
      if (network instanceof TestNetwork) await network.processAll();
    },
    xrpc,
    createAccount,
    createRecord,
    listRecords,
  };
};
