import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authOptions } from "@/lib/auth/options";
import { sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { seedAccount } from "@/lib/testing/seed";
import { signInStaff } from "./sign-in";
import { lockMsAfter, reserveSignInAttempt } from "./sign-in-throttle";

// Defect 6 of issue 11 (sign-in side): failed sign-ins are throttled in PostgreSQL per email and client
// address (and per email overall), and no failure of any kind leaves `authorize` as an error (next-auth
// would put its message into the redirect URL).

afterAll(() => db.$disconnect());

const PASSWORD = "correct horse battery staple";
let accountId = "";
beforeAll(async () => {
  accountId = (await seedAccount()).id;
});

const newStaff = async () => {
  const email = `staff-${newId("user").slice(5).toLowerCase()}@example.com`;
  await db.user.create({
    data: { id: newId("user"), accountId, email, passwordHash: await bcrypt.hash(PASSWORD, 4), role: "staff" },
  });
  return email;
};
const at = (start: Date, ms: number) => new Date(start.getTime() + ms);

describe("sign-in throttling", () => {
  it("locks an email from one address after 5 failures, answering like a wrong password, for 30 s doubling", async () => {
    const email = await newStaff();
    const t0 = new Date();
    for (let i = 0; i < 5; i++)
      expect(await signInStaff({ email, password: "wrong", ip: "203.0.113.7", now: t0 })).toBeNull();
    expect(await signInStaff({ email, password: PASSWORD, ip: "203.0.113.7", now: at(t0, 1_000) })).toBeNull(); // locked: not even checked
    expect(await signInStaff({ email, password: PASSWORD, ip: "198.51.100.9", now: at(t0, 1_000) })).toMatchObject({
      email,
    }); // another address is not locked

    const email2 = await newStaff();
    for (let i = 0; i < 5; i++) await signInStaff({ email: email2, password: "wrong", ip: "203.0.113.7", now: t0 });
    expect(await signInStaff({ email: email2, password: "wrong", ip: "203.0.113.7", now: at(t0, 31_000) })).toBeNull(); // 6th failure: 60 s
    expect(
      await signInStaff({ email: email2, password: PASSWORD, ip: "203.0.113.7", now: at(t0, 31_000 + 59_000) }),
    ).toBeNull();
    expect(
      await signInStaff({ email: email2, password: PASSWORD, ip: "203.0.113.7", now: at(t0, 31_000 + 61_000) }),
    ).toMatchObject({ email: email2 });
    // Success clears the buckets: the count starts over.
    expect(
      await db.signInThrottle.count({
        where: { key: { in: [sha256Hex(`sign-in:${email2}:203.0.113.7`), sha256Hex(`sign-in:${email2}:*`)] } },
      }),
    ).toBe(0);
  });

  it("counts a burst of parallel attempts before checking any password: exactly 5 get through", async () => {
    const email = await newStaff();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => reserveSignInAttempt({ email, ip: "203.0.113.8" })),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
  });

  it("bounds an attacker who rotates addresses: 20 failures of one email lock it everywhere", async () => {
    const email = await newStaff();
    const t0 = new Date();
    for (let i = 0; i < 20; i++)
      expect(await signInStaff({ email, password: "wrong", ip: `192.0.2.${i}`, now: t0 })).toBeNull();
    expect(await signInStaff({ email, password: PASSWORD, ip: "192.0.2.200", now: at(t0, 1_000) })).toBeNull();
    expect(await signInStaff({ email, password: PASSWORD, ip: "192.0.2.200", now: at(t0, 31_000) })).toMatchObject({
      email,
    });
  });

  it("doubles the lock up to its cap", () => {
    const perAddress = { limit: 5, maxLockMs: 3_600_000 };
    expect([4, 5, 6, 7, 12, 40].map((n) => lockMsAfter(n, perAddress))).toEqual([
      0, 30_000, 60_000, 120_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe("authorize", () => {
  const authorize = (credentials: Record<string, string>) => {
    const provider = authOptions.providers[0] as unknown as {
      options: { authorize: (c: Record<string, string>, req: { headers: Record<string, string> }) => Promise<unknown> };
    };
    return provider.options.authorize(credentials, { headers: { "x-forwarded-for": "203.0.113.50" } });
  };

  it("answers every failure as a failed sign-in (null), never as an error whose message would reach the redirect URL", async () => {
    const email = await newStaff();
    for (const credentials of [
      { email: "a\u0000@example.com", password: "x" },
      { email: "x".repeat(10_000), password: "x" },
      { email, password: "\u0000" },
      { email, password: "" },
      {},
    ]) {
      await expect(authorize(credentials as Record<string, string>)).resolves.toBeNull();
    }
    await expect(authorize({ email: email.toUpperCase(), password: PASSWORD })).resolves.toMatchObject({ email });
  });
});
