import { useOwnDatabase } from "@/testing/own-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeLocation, startGoogleFake, type GoogleFake } from "@/testing/fakes/google";
import * as route from "@/app/api/profiles/[id]/comments/route";
import { publishCommentFn } from "@/inngest/functions/comments";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { signIn, contextFor as googleCtx } from "@/lib/networks/google/test-support";
import { googleBusinessConnector } from "@/lib/networks/google_business";
import { callRoute } from "@/testing/call-route";
import { unexpectedStatuses } from "@/testing/concurrency";
import { seedNetworkProfile, uniqueDigits } from "@/testing/comments";
import { seedTenant, setEnv } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";
import { syncProfileComments } from "./sync-profile-comments";

await useOwnDatabase("replyconcur");

// Replies to one google review (POST /api/profiles/:id/comments) fired at once through the route and
// published by the publish-comment function on the local runner against the strict Google fake: a review
// has one reply, each of ours replacing the last; under one Idempotency-Key the reply is stored and sent
// once; different replies at once end with one stored reply, the one Google holds.

type Json = Record<string, any>;
const N = 10;
let google: GoogleFake;
let runner: LocalRunner;

beforeAll(async () => {
  google = await startGoogleFake();
  runner = await startLocalRunner({
    functions: [publishCommentFn],
    clock: new ManualClock(new Date()),
    pollIntervalMs: 0,
  });
  return setEnv(google.env("google_business"));
}, 60_000);
afterAll(async () => {
  await runner?.stop();
  await google?.close();
});

// A connected location with one synced review, in a tenant of its own.
const world = async () => {
  const tenant = await seedTenant();
  const { token } = await seedKey({ accountId: tenant.account.id });
  const n = uniqueDigits(6);
  const location = `accounts/9${n}/locations/1${n}`;
  const user = google.addUser({
    sub: `sub-${n}`,
    email: `${n}@example.com`,
    name: "Owner",
    accounts: [
      { name: `accounts/9${n}`, accountName: "Acme", type: "PERSONAL", locations: [fakeLocation(`1${n}`, "Deli")] },
    ],
  });
  const ctx = googleCtx(googleBusinessConnector, google, "google_business").ctx;
  const auth = await signIn(googleBusinessConnector, ctx, google, user);
  const profile = await seedNetworkProfile({ group: tenant.group, platform: "google_business", externalId: user.sub });
  await db.profile.update({
    where: { id: profile.id },
    data: { accessToken: encryptSecret(auth.tokens!.accessToken), scopes: auth.tokens!.scopes ?? [] },
  });
  await db.placement.create({
    data: { id: newId("placement"), profileId: profile.id, externalId: location, name: "Deli", position: 0 },
  });
  const review = google.commentLists.addReview(location, { comment: "Great bagels" });
  await syncProfileComments({ profileId: profile.id });
  const reply = (body: string, headers: Record<string, string> = {}) =>
    callRoute(route.POST, {
      path: `/api/profiles/${profile.id}/comments`,
      token,
      body: { body, parent_id: review.name },
      params: { id: profile.id },
      headers,
    });
  const replies = () =>
    db.comment.findMany({ where: { profileId: profile.id, parentExternalId: review.name }, orderBy: { id: "asc" } });
  const held = () => google.commentLists.reviews.get(location)!.find((r) => r.name === review.name)!.reviewReply;
  const puts = () => google.requestsTo("reviews.updateReply").filter((r) => r.url.pathname.includes(review.name));
  return { tenant, review, reply, replies, held, puts };
};

describe("replies to one google review at once", () => {
  it("under one Idempotency-Key: one reply stored and sent once, the others 409 or its replay", async () => {
    const w = await world();
    const responses = await Promise.all(
      Array.from({ length: N }, () => w.reply("Thank you, come again!", { "Idempotency-Key": "review-once" })),
    );
    expect(unexpectedStatuses(responses, 201, 409)).toEqual([]);
    const rows = await w.replies();
    expect(rows).toHaveLength(1);
    for (const r of responses.filter((x) => x.status === 201)) expect(r.json).toMatchObject({ id: rows[0]!.id });
    for (const r of responses.filter((x) => x.status === 409)) expect(r.json).toEqual({ error: expect.any(String) });
    await runner.drain();
    expect(w.puts().map((p) => p.json)).toEqual([{ comment: "Thank you, come again!" }]);
    expect(await w.replies()).toMatchObject([{ id: rows[0]!.id, status: "published" }]);
  });

  it("different replies: each sent at most once; the last asked for stays stored, the one Google holds", async () => {
    const w = await world();
    const bodies = Array.from({ length: N }, (_, i) => `Thank you, guest ${i}!`);
    const responses = await Promise.all(bodies.map((body) => w.reply(body)));
    expect(unexpectedStatuses(responses, 201)).toEqual([]);
    for (const [i, r] of responses.entries()) expect(r.json).toMatchObject({ status: "pending", body: bodies[i] });
    await runner.drain();
    const sent = w.puts().map((p) => (p.json as Json).comment as string);
    expect(new Set(sent).size).toBe(sent.length);
    const last = responses
      .map((r) => r.json as Json)
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))
      .at(-1)!;
    expect(await w.replies()).toMatchObject([
      { id: last.id, status: "published", externalId: `${w.review.name}/reply`, body: last.body },
    ]);
    expect(w.held()).toMatchObject({ comment: last.body });
    expect(sent.at(-1)).toBe(last.body);
  });
});
