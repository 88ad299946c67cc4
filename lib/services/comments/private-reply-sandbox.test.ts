import { useOwnDatabase } from "@/testing/own-database";
import { beforeAll, describe, expect, it } from "vitest";
import type { Platform } from "@/lib/generated/prisma/enums";
import { connectorFor } from "@/lib/networks/registry";
import { PLATFORMS } from "@/lib/schemas/common";
import { seedPublishedPost, uniqueDigits } from "@/testing/comments";
import { seedTenant } from "@/testing/network-tests";
import {
  DAY,
  commentBy,
  drainSends,
  messageWithChat,
  privateReply,
  type PrivateReplyTarget,
} from "@/testing/private-replies";
import { seedKey } from "@/testing/seed";
import { seedSandboxProfile } from "@/testing/messaging-seeds";
import { supportsCommentAction } from "./support";

await useOwnDatabase("privreply_sbx");

// Private replies on the sandbox network (once per comment, outside the window, into the commenter's
// chat; #sandbox-fail rehearses a refusal; 405 where the network has none), and which networks offer
// them at all, derived from the connectors.

describe("private replies on the sandbox network", () => {
  const sandboxTarget = async (platform: Platform) => {
    const tenant = await seedTenant({ environment: "sandbox" });
    const { token } = await seedKey({ accountId: tenant.account.id, environment: "sandbox" });
    const { profile, placements } = await seedSandboxProfile(tenant, platform);
    const { post, platformPost } = await seedPublishedPost({
      group: tenant.group,
      profile,
      externalId: `sbx_post_${uniqueDigits(8)}`,
      placementId: placements[0]?.externalId ?? null,
    });
    return {
      token,
      accountId: tenant.account.id,
      post,
      profile,
      platformPost,
      group: tenant.group,
    } satisfies PrivateReplyTarget;
  };

  describe.each(["instagram", "facebook"] as const)("%s", (platform) => {
    let t: PrivateReplyTarget;
    beforeAll(async () => {
      t = await sandboxTarget(platform);
    });

    describe("a comment from 5 days ago, outside the window", () => {
      let c: Awaited<ReturnType<typeof commentBy>>;
      let res: Awaited<ReturnType<typeof privateReply>>;
      beforeAll(async () => {
        c = await commentBy(t, { ageMs: 5 * DAY });
        res = await privateReply(t, c.id);
        await drainSends();
      });

      it("gets its private reply in the commenter's chat", async () => {
        expect(res.status, JSON.stringify(res.json)).toBe(202);
        const sent = await messageWithChat(res.json.id as string);
        expect(sent, sent.error ?? "").toMatchObject({ status: "published", externalId: expect.any(String) });
        expect(sent.chat.participantExternalId).toBe(c.fromId);
      });

      it("gets no second one (422)", async () => {
        expect((await privateReply(t, c.id)).status).toBe(422);
      });
    });

    it("#sandbox-fail rehearses a refusal", async () => {
      const failing = await commentBy(t, { ageMs: DAY });
      const rehearsed = await privateReply(t, failing.id, { text: "Our offer #sandbox-fail" });
      await drainSends();
      expect(await messageWithChat(rehearsed.json.id as string)).toMatchObject({ status: "failed" });
    });
  });

  it("a sandbox network without private replies (threads) answers 405", async () => {
    const t = await sandboxTarget("threads");
    const res = await privateReply(t, (await commentBy(t, { ageMs: DAY })).id);
    expect(res.status).toBe(405);
  });
});

describe("the support table", () => {
  it("private_reply is offered on instagram and facebook only (spec: `instagram`, `facebook`), live and sandbox, derived from the connectors", () => {
    for (const environment of ["live", "sandbox"] as const) {
      const offered = PLATFORMS.filter((platform) =>
        supportsCommentAction(connectorFor({ platform, environment }), { connectedAt: new Date() }, "private_reply"),
      );
      expect(offered.sort(), environment).toEqual(["facebook", "instagram"]);
    }
  });
});
