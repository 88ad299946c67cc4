import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { principalFor, seedAccount } from "@/testing/seed";
import { IDEMPOTENCY_TTL_MS, withIdempotency as withIdempotencyOf, type IdempotencyOptions } from "./with-idempotency";

afterAll(() => db.$disconnect());

// These runs record no committed write: nothing to replay but stored responses.
const withIdempotency = (options: Omit<IdempotencyOptions, "replay">) =>
  withIdempotencyOf({ ...options, replay: () => Promise.reject(new Error("nothing was committed")) });

const counter = () => {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    run: async () => ({ status: 201, body: { n: ++calls, token: "sk_live_secret" } }),
  };
};

describe("withIdempotency", () => {
  it("replays the first success (status and body) and stores the body encrypted", async () => {
    const principal = principalFor({ accountId: (await seedAccount()).id });
    const c = counter();
    const first = await withIdempotency({ principal, key: "k1", fingerprint: "POST /x {}", run: c.run });
    const second = await withIdempotency({ principal, key: "k1", fingerprint: "POST /x {}", run: c.run });

    expect(first).toMatchObject({ status: 201, body: { n: 1 }, replayed: false });
    expect(second).toMatchObject({ status: 201, body: { n: 1 }, replayed: true });
    expect(c.calls).toBe(1);
    const row = await db.idempotencyRecord.findFirstOrThrow({ where: { accountId: principal.accountId } });
    expect(row.responseBody).not.toContain("sk_live_secret");
  });

  it("answers 422 when the key comes back with another request", async () => {
    const principal = principalFor({ accountId: (await seedAccount()).id });
    await withIdempotency({ principal, key: "k", fingerprint: "a", run: counter().run });
    await expect(withIdempotency({ principal, key: "k", fingerprint: "b", run: counter().run })).rejects.toMatchObject({
      status: 422,
    });
  });

  it("answers 409 while the first request is still running", async () => {
    const principal = principalFor({ accountId: (await seedAccount()).id });
    let release!: () => void;
    const slow = withIdempotency({
      principal,
      key: "k",
      fingerprint: "a",
      run: () => new Promise((resolve) => (release = () => resolve({ status: 200, body: {} }))),
    });
    await expect.poll(() => db.idempotencyRecord.count({ where: { accountId: principal.accountId } })).toBe(1);
    await expect(withIdempotency({ principal, key: "k", fingerprint: "a", run: counter().run })).rejects.toMatchObject({
      status: 409,
    });
    release();
    await slow;
  });

  it("does not store errors: the key stays free after a failed request", async () => {
    const principal = principalFor({ accountId: (await seedAccount()).id });
    const failing = await withIdempotency({
      principal,
      key: "k",
      fingerprint: "a",
      run: async () => ({ status: 422, body: {} }),
    });
    expect(failing.status).toBe(422);
    await expect(
      withIdempotency({ principal, key: "k", fingerprint: "a", run: async () => Promise.reject(new Error("boom")) }),
    ).rejects.toThrow("boom");
    const c = counter();
    expect(await withIdempotency({ principal, key: "k", fingerprint: "a", run: c.run })).toMatchObject({
      replayed: false,
    });
    expect(c.calls).toBe(1);
  });

  it("keeps responses 24 hours, then runs the request again", async () => {
    const principal = principalFor({ accountId: (await seedAccount()).id });
    const c = counter();
    const t0 = new Date();
    await withIdempotency({ principal, key: "k", fingerprint: "a", run: c.run, now: () => t0 });
    const almost = new Date(t0.getTime() + IDEMPOTENCY_TTL_MS - 1000);
    expect(
      await withIdempotency({ principal, key: "k", fingerprint: "a", run: c.run, now: () => almost }),
    ).toMatchObject({ replayed: true });
    const later = new Date(t0.getTime() + IDEMPOTENCY_TTL_MS + 1000);
    expect(
      await withIdempotency({ principal, key: "k", fingerprint: "a", run: c.run, now: () => later }),
    ).toMatchObject({
      replayed: false,
      body: { n: 2 },
    });
  });

  it("never replays across environments, groups or accounts", async () => {
    const account = await seedAccount();
    const c = counter();
    const principals = [
      principalFor({ accountId: account.id }),
      principalFor({ accountId: account.id, environment: "sandbox" }),
      principalFor({ accountId: account.id, kind: "scoped_key", profileGroupId: "grp_1111111111111111" }),
      principalFor({ accountId: (await seedAccount()).id }),
    ];
    for (const principal of principals) {
      expect(await withIdempotency({ principal, key: "same", fingerprint: "a", run: c.run })).toMatchObject({
        replayed: false,
      });
    }
    expect(c.calls).toBe(4);
  });

  it("refuses keys longer than 255 characters", async () => {
    const principal = principalFor({ accountId: (await seedAccount()).id });
    await expect(
      withIdempotency({ principal, key: "x".repeat(256), fingerprint: "a", run: counter().run }),
    ).rejects.toMatchObject({
      status: 422,
    });
  });
});
