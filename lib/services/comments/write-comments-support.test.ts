import { afterAll, describe, expect, it } from "vitest";
import * as commentRoute from "@/app/api/posts/[id]/comments/[comment_id]/route";
import * as hideRoute from "@/app/api/posts/[id]/comments/[comment_id]/hide/route";
import * as unhideRoute from "@/app/api/posts/[id]/comments/[comment_id]/unhide/route";
import * as likeRoute from "@/app/api/posts/[id]/comments/[comment_id]/like/route";
import * as unlikeRoute from "@/app/api/posts/[id]/comments/[comment_id]/unlike/route";
import * as pinRoute from "@/app/api/posts/[id]/comments/[comment_id]/pin/route";
import * as unpinRoute from "@/app/api/posts/[id]/comments/[comment_id]/unpin/route";
import { db } from "@/lib/db/client";
import type { Platform } from "@/lib/generated/prisma/enums";
import { act, create, list, useWriteTenant, world, type World } from "@/testing/comment-writes";

// The 405 table of the comment endpoints, generated from the spec's own table: each network answers
// every read and write as the table says (tiktok only for profiles connected from 2026-09-30).

useWriteTenant();
afterAll(() => db.$disconnect());

// core-api.md "Support by network", verbatim.
const SPEC_TABLE = `
| instagram | yes | yes | yes | yes | no |
| facebook | yes | yes (and edit) | yes | yes | yes |
| threads | yes | yes | no | yes | no |
| bluesky | yes (read-only, polled) | no | no | no | no |
| youtube | yes | yes | yes | no | no |
| linkedin | no | no | no | no | no |
| tiktok | yes | yes | yes | yes | yes, plus pin/unpin; only profiles connected on or after 2026-09-30, earlier profiles get 405 |
| twitter, telegram, pinterest | no | no | no | no | no |
`;
const COLUMNS = ["list", "reply", "delete", "hide", "like"] as const;
type Column = (typeof COLUMNS)[number] | "pin";
const table = new Map<string, Record<Column, boolean>>();
for (const line of SPEC_TABLE.trim().split("\n")) {
  const [names, ...cells] = line
    .split("|")
    .map((c) => c.trim())
    .filter(Boolean);
  const row = Object.fromEntries(COLUMNS.map((col, i) => [col, cells[i]!.startsWith("yes")])) as Record<
    Column,
    boolean
  >;
  row.pin = cells[4]!.includes("pin/unpin");
  for (const name of names!.split(",").map((n) => n.trim())) table.set(name, row);
}
// Posts on google_business are not in the table: its comments are reviews (profile-level endpoints).
table.set("google_business", { list: false, reply: false, delete: false, hide: false, like: false, pin: false });

const CALLS: Record<Column, ((w: World) => Promise<{ status: number; json: unknown }>)[]> = {
  list: [list],
  reply: [
    (w) => create(w, { body: "Thanks!" }),
    (w) => create(w, { text: "Thanks again", parent_id: w.comment.externalId }),
  ],
  delete: [(w) => act(commentRoute.DELETE, w, w.comment.id)],
  hide: [(w) => act(hideRoute.POST, w, w.comment.id), (w) => act(unhideRoute.POST, w, w.comment.id)],
  like: [(w) => act(likeRoute.POST, w, w.comment.id), (w) => act(unlikeRoute.POST, w, w.comment.id)],
  pin: [(w) => act(pinRoute.POST, w, w.comment.externalId!), (w) => act(unpinRoute.POST, w, w.comment.externalId!)],
};

describe("the support table (405 Unsupported method for <network>)", () => {
  const platforms = [...table.keys()] as Platform[];
  for (const platform of platforms) {
    it(`${platform}: every action as the spec's table says`, async () => {
      const w = await world(platform, { connectedAt: new Date("2026-10-01T00:00:00Z") });
      for (const column of [...COLUMNS, "pin"] as Column[]) {
        const supported = table.get(platform)![column];
        for (const call of CALLS[column]) {
          const res = await call(w);
          if (supported) expect(res.status, `${platform} ${column}: ${JSON.stringify(res.json)}`).toBeLessThan(300);
          else
            expect([res.status, res.json], `${platform} ${column}`).toEqual([
              405,
              { error: `Unsupported method for ${platform}` },
            ]);
        }
      }
    });
  }

  it("tiktok profiles connected before 2026-09-30 get 405 on every comment endpoint, listing included", async () => {
    const w = await world("tiktok", { connectedAt: new Date("2026-09-29T23:59:59Z") });
    for (const column of [...COLUMNS, "pin"] as Column[])
      for (const call of CALLS[column])
        expect((await call(w)).json).toEqual({ error: "Unsupported method for tiktok" });
  });
});
