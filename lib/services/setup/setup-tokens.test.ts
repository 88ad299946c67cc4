import { useOwnDatabase } from "@/testing/own-database";
import { beforeEach, describe, expect, it } from "vitest";
import * as setupRoute from "@/app/api/setup/route";
import { sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { seedAccount, seedKey } from "@/testing/seed";
import type { PasswordHasher } from "@/lib/services/users/password-hasher";
import { createOwner } from "@/lib/services/users/create-owner";
import { createSetupToken, issueSetupTokenIfOpen, SETUP_TOKEN_TTL_MS } from "./setup-tokens";

// Defect 5 of issue 11: an install set up through the CLI only (accounts and keys, no staff user) was
// handed to whoever called POST /api/setup first. Setup now needs a one-time token that only the
// operator sees (npm start's banner, `npm run cli -- setup token`). Users are install-wide: own database.
await useOwnDatabase("setup");

const OWNER = { email: "owner@example.com", password: "correct-horse-battery", name: "Olive" };
const setup = (body: Record<string, unknown>, ip = "192.0.2.1") =>
  callRoute(setupRoute.POST, { path: "/api/setup", body, headers: { "x-forwarded-for": ip } });

beforeEach(async () => {
  await db.user.deleteMany();
  await db.setupToken.deleteMany();
  await db.signInThrottle.deleteMany();
});

describe("setup tokens (issue 11, defect 5)", () => {
  it("an install with accounts and keys but no staff user refuses setup without a token, or with a wrong one", async () => {
    const account = await seedAccount();
    await seedKey({ accountId: account.id });
    const missing = await setup(OWNER);
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual(["setup_token is required"]);
    const wrong = await setup({ ...OWNER, setup_token: "setup_wrong" });
    expect(wrong.status).toBe(422);
    expect(String(wrong.json.error)).toMatch(/^setup_token: The setup token is wrong, expired or already used/);
    expect(await db.user.count()).toBe(0);
  });

  it("accepts a valid token once: the owner is created, the token is used up, the route closes", async () => {
    const { token, expiresAt } = await createSetupToken();
    expect(token).toMatch(/^setup_[1-9A-HJ-NP-Za-km-z]{32}$/);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(SETUP_TOKEN_TTL_MS - 60_000);
    const stored = await db.setupToken.findFirstOrThrow();
    expect(stored.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const ok = await setup({ ...OWNER, setup_token: token });
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({ email: OWNER.email });
    expect((await db.setupToken.findFirstOrThrow()).usedAt).not.toBeNull();
    const again = await setup({ ...OWNER, email: "second@example.com", setup_token: token });
    expect(again.status).toBe(409);
    expect(await db.user.count()).toBe(1);
  });

  it("refuses a used token even before any owner exists, and an expired one", async () => {
    const used = await createSetupToken();
    await db.setupToken.updateMany({ data: { usedAt: new Date() } });
    expect((await setup({ ...OWNER, setup_token: used.token })).status).toBe(422);
    const expired = await createSetupToken({ now: new Date(Date.now() - SETUP_TOKEN_TTL_MS - 1000) });
    expect((await setup({ ...OWNER, setup_token: expired.token })).status).toBe(422);
    expect(await db.user.count()).toBe(0);
  });

  it("two racing submissions with one token make exactly one owner", async () => {
    const { token } = await createSetupToken();
    const results = await Promise.all([
      setup({ ...OWNER, setup_token: token }),
      setup({ ...OWNER, email: "rival@example.com", setup_token: token }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await db.user.count()).toBe(1);
  });

  it("npm start's banner gets a token only while setup is open", async () => {
    const open = await issueSetupTokenIfOpen();
    expect(open?.token).toMatch(/^setup_/);
    expect((await setup({ ...OWNER, setup_token: open!.token })).status).toBe(201);
    expect(await issueSetupTokenIfOpen()).toBeNull();
  });
});

// Finding 3 of the authentication review: setup hashed the password (bcrypt, costly) before answering 409,
// so anyone could spend the server's CPU. Finding 4: setup-token guesses were not throttled.
describe("setup spends a hash only on a request that can succeed", () => {
  const countingHasher = () => {
    const calls = { hash: 0 };
    const hasher: PasswordHasher = {
      hash: async () => {
        calls.hash++;
        return "$2b$04$abcdefghijklmnopqrstuuYl0GYLsV2q8ZJ0zGvH1eq4hYq1yB5q.";
      },
      compare: async () => false,
    };
    return { calls, hasher };
  };
  const input = (setup_token: string) => ({ ...OWNER, setup_token });

  it("answers 409 (setup complete) and 422 (wrong token) without hashing; hashes once for a real setup", async () => {
    const { calls, hasher } = countingHasher();
    await expect(createOwner({ input: input("setup_wrong"), ip: "192.0.2.2", hasher })).rejects.toMatchObject({
      status: 422,
    });
    expect(calls.hash).toBe(0);
    const { token } = await createSetupToken();
    await createOwner({ input: input(token), ip: "192.0.2.2", hasher });
    expect(calls.hash).toBe(1);
    const other = await createSetupToken();
    await expect(createOwner({ input: input(other.token), ip: "192.0.2.2", hasher })).rejects.toMatchObject({
      status: 409,
    });
    expect(calls.hash).toBe(1);
  });

  it("throttles token guesses per address: 10 wrong tokens, then 429 with Retry-After, even for the right one", async () => {
    for (let i = 0; i < 10; i++) expect((await setup({ ...OWNER, setup_token: `setup_guess${i}` })).status).toBe(422);
    const { token } = await createSetupToken();
    const refused = await setup({ ...OWNER, setup_token: token });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ error: "Too many setup attempts; try again later" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await db.user.count()).toBe(0);
    expect((await setup({ ...OWNER, setup_token: token }, "198.51.100.7")).status).toBe(201); // another address
  });
});
