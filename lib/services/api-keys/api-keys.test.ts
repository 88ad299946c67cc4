import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sha256Hex } from "@/lib/crypto";
import { principalFor, seedAccount, seedGroup, seedKey } from "@/testing/seed";
import { deleteProfileGroup } from "@/lib/services/profile-groups/profile-groups";
import { authenticateApiKey } from "./authenticate-api-key";
import { createScopedKey, listScopedKeys, revokeScopedKey } from "./scoped-keys";

afterAll(() => db.$disconnect());

describe("scoped API keys", () => {
  it("stores only the SHA-256 of the token and authenticates it as a scoped principal", async () => {
    const account = await seedAccount();
    const group = await seedGroup({ accountId: account.id });
    const principal = principalFor({ accountId: account.id });
    const { key, token } = await createScopedKey({ principal, input: { profile_group_id: group.id, name: "n8n" } });

    expect(token).toMatch(/^sk_live_[1-9A-HJ-NP-Za-km-z]{32}$/);
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(row.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.tokenHint).toBe(token.slice(-4));

    expect(await authenticateApiKey(token)).toMatchObject({
      kind: "scoped_key",
      accountId: account.id,
      environment: "live",
      profileGroupId: group.id,
    });
  });

  it("refuses a group of another environment or account with the spec's 401, and a missing one with 422", async () => {
    const account = await seedAccount();
    const other = await seedAccount();
    const sandboxGroup = await seedGroup({ accountId: account.id, environment: "sandbox" });
    const foreignGroup = await seedGroup({ accountId: other.id });
    const principal = principalFor({ accountId: account.id });

    for (const id of [sandboxGroup.id, foreignGroup.id]) {
      await expect(createScopedKey({ principal, input: { profile_group_id: id } })).rejects.toMatchObject({
        status: 401,
        message: expect.stringMatching(/^Invalid API key or profile group/),
      });
    }
    await expect(createScopedKey({ principal, input: {} })).rejects.toMatchObject({
      status: 422,
      details: { errors: ["Profile group not found"] },
    });
    expect(await db.apiKey.count({ where: { accountId: account.id } })).toBe(0);
  });

  it("lists the environment's scoped keys newest first and revokes them for the next request", async () => {
    const account = await seedAccount();
    const live = await seedGroup({ accountId: account.id });
    const sandbox = await seedGroup({ accountId: account.id, environment: "sandbox" });
    const principal = principalFor({ accountId: account.id });
    const first = await createScopedKey({ principal, input: { profile_group_id: live.id, name: "first" } });
    const second = await createScopedKey({ principal, input: { profile_group_id: live.id, name: "second" } });
    await createScopedKey({
      principal: principalFor({ accountId: account.id, environment: "sandbox" }),
      input: { profile_group_id: sandbox.id },
    });
    await seedKey({ accountId: account.id }); // account-wide keys are never listed here

    expect((await listScopedKeys({ principal })).map((k) => k.name)).toEqual(["second", "first"]);

    await revokeScopedKey({ principal, id: first.key.id });
    expect(await authenticateApiKey(first.token)).toBeNull();
    expect(await authenticateApiKey(second.token)).not.toBeNull();
    expect((await listScopedKeys({ principal })).map((k) => k.name)).toEqual(["second"]);
    await expect(revokeScopedKey({ principal, id: first.key.id })).rejects.toMatchObject({ status: 404 });
  });

  it("never revokes account-wide keys or keys of the other environment", async () => {
    const account = await seedAccount();
    const sandboxGroup = await seedGroup({ accountId: account.id, environment: "sandbox" });
    const principal = principalFor({ accountId: account.id });
    const accountKey = await seedKey({ accountId: account.id });
    const sandboxKey = await seedKey({
      accountId: account.id,
      environment: "sandbox",
      kind: "scoped",
      profileGroupId: sandboxGroup.id,
    });

    for (const id of [accountKey.key.id, sandboxKey.key.id]) {
      await expect(revokeScopedKey({ principal, id })).rejects.toMatchObject({ status: 404 });
    }
    expect(await authenticateApiKey(accountKey.token)).not.toBeNull();
    expect(await authenticateApiKey(sandboxKey.token)).not.toBeNull();
  });

  it("deleting a group deletes its profiles and the keys scoped to it", async () => {
    const account = await seedAccount();
    const group = await seedGroup({ accountId: account.id });
    const principal = principalFor({ accountId: account.id });
    const { token } = await createScopedKey({ principal, input: { profile_group_id: group.id } });

    await deleteProfileGroup({ principal, id: group.id });
    expect(await authenticateApiKey(token)).toBeNull();
    expect(await db.apiKey.count({ where: { profileGroupId: group.id } })).toBe(0);
  });
});
