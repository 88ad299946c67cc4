import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { principalFor, seedAccount, seedGroup, seedProfile } from "@/testing/seed";
import { createProfileGroup, deleteProfileGroup, getProfileGroupOrThrow, listProfileGroups } from "./profile-groups";

afterAll(() => db.$disconnect());

describe("profile groups", () => {
  it("lists the account's groups of the caller's environment with profiles_count", async () => {
    const account = await seedAccount();
    const principal = principalFor({ accountId: account.id });
    const a = await createProfileGroup({ principal, input: { name: "Brand A" } });
    const b = await createProfileGroup({ principal, input: { name: "Brand B" } });
    await seedProfile({ group: { ...a, accountId: account.id, environment: "live" } });
    await seedProfile({ group: { ...a, accountId: account.id, environment: "live" }, platform: "twitter" });
    await seedGroup({ accountId: account.id, environment: "sandbox" });
    await seedGroup({ accountId: (await seedAccount()).id });

    const groups = await listProfileGroups({ principal });
    expect(groups.map((g) => [g.id, g._count.profiles])).toEqual([
      [a.id, 2],
      [b.id, 0],
    ]);
  });

  it("shows a scoped key only its own group; every other id is not found", async () => {
    const account = await seedAccount();
    const own = await seedGroup({ accountId: account.id });
    const sibling = await seedGroup({ accountId: account.id });
    const scoped = principalFor({ accountId: account.id, kind: "scoped_key", profileGroupId: own.id });

    expect((await listProfileGroups({ principal: scoped })).map((g) => g.id)).toEqual([own.id]);
    expect((await getProfileGroupOrThrow({ principal: scoped, id: own.id })).id).toBe(own.id);
    await expect(getProfileGroupOrThrow({ principal: scoped, id: sibling.id })).rejects.toMatchObject({ status: 404 });
  });

  it("treats another environment's or account's group exactly like a missing one", async () => {
    const account = await seedAccount();
    const sandboxGroup = await seedGroup({ accountId: account.id, environment: "sandbox" });
    const foreign = await seedGroup({ accountId: (await seedAccount()).id });
    const principal = principalFor({ accountId: account.id });

    for (const id of [sandboxGroup.id, foreign.id, "grp_1111111111111111"]) {
      await expect(getProfileGroupOrThrow({ principal, id })).rejects.toMatchObject({
        status: 404,
        message: "Not found",
      });
      await expect(deleteProfileGroup({ principal, id })).rejects.toMatchObject({ status: 404 });
    }
    expect(await db.profileGroup.count({ where: { id: { in: [sandboxGroup.id, foreign.id] } } })).toBe(2);
  });

  it("deletes the group and its profiles", async () => {
    const account = await seedAccount();
    const group = await seedGroup({ accountId: account.id });
    await seedProfile({ group });
    const principal = principalFor({ accountId: account.id });

    expect(await deleteProfileGroup({ principal, id: group.id })).toEqual({ deleted: true });
    expect(await db.profile.count({ where: { profileGroupId: group.id } })).toBe(0);
  });
});
