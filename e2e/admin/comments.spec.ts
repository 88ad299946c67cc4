import { expect, test, type Page } from "@playwright/test";
import { ensureSignedIn } from "../support/admin-session";
import { seedAudienceComments, seedReviews } from "../support/comments";
import {
  connectSandboxAccount,
  createSandboxGroup,
  sandboxRequest,
  type SandboxGroup,
} from "../support/sandbox-profiles";

// The comment inbox in the admin, in Sandbox: audience comments on a published Facebook post and a
// published Bluesky post (written to the e2e database as the inbound layer stores them), listed newest
// first across networks; j/k move, r replies inline; hide, like and delete shown at once and carried out
// on the simulated network (checked through the API); actions a network does not take are not offered;
// filters by status, text, network and post; reviews in their own tab, read-only.
// Runs after admin.spec.ts (same OWNER) or on its own.

type Comment = { id: string; body: string; status: string; is_hidden: boolean; like_count: number; replies: Comment[] };

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const publish = async (page: Page, baseURL: string, data: Record<string, unknown>) => {
  const api = sandboxRequest(page, baseURL);
  const res = await api.post("/api/posts", data);
  expect(res.status()).toBe(200);
  const { id } = (await res.json()) as { id: string };
  await expect
    .poll(
      async () =>
        ((await (await api.get(`/api/posts/${id}`)).json()) as { platforms: { status: string }[] }).platforms[0]!
          .status,
      { timeout: 30_000 },
    )
    .toBe("published");
  return id;
};

let group: SandboxGroup;
let facebook: string;
let fbPost: string;
let bsPost: string;
let ids: { question: string; praise: string; spam: string; troll: string; bluesky: string };

test.beforeEach(async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await ensureSignedIn(page);
  await page.getByTestId("env-switch-sandbox").click();
  await expect(page.getByTestId("sandbox-banner")).toBeVisible();
  group = await createSandboxGroup(page, baseURL!, `Inbox Brand ${suffix()}`);
  const fb = await connectSandboxAccount(page, baseURL!, group.id, "facebook", "Inbox Pages");
  facebook = fb.id;
  fbPost = await publish(page, baseURL!, {
    post: { body: "Our spring collection #sandbox-quiet" }, // no simulated audience: the comments are seeded
    profiles: [facebook],
    platforms: { facebook: { page_id: fb.placements[0]!.id } },
  });
  bsPost = await publish(page, baseURL!, {
    post: { body: "Spring on Bluesky #sandbox-quiet" },
    profiles: [group.bluesky],
  });
  const [question, praise, spam, troll] = seedAudienceComments(fbPost, facebook, [
    { body: "Where can I buy this?", author: "shopper", minutes_ago: 5 },
    { body: "Love the colours", author: "colour_fan", minutes_ago: 4 },
    { body: "Cheap followers here", author: "spambot", minutes_ago: 3 },
    { body: "Worst brand ever", author: "troll", minutes_ago: 2 },
  ]);
  const [bluesky] = seedAudienceComments(bsPost, group.bluesky, [
    { body: "Nice thread", author: "skyfan", minutes_ago: 1 },
  ]);
  ids = { question: question!, praise: praise!, spam: spam!, troll: troll!, bluesky: bluesky! };
});

const row = (page: Page, id: string) => page.getByTestId(`inbox-comment-${id}`);
const bodies = (page: Page) => page.getByTestId("inbox-list").getByTestId("comment-body");

const openInbox = async (page: Page) => {
  await page.goto("/comments");
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await page.getByLabel("Profile group").selectOption(group.id);
};

test("the inbox lists comments newest first across networks; j/k move, r replies; hide, like and delete reach the network", async ({
  page,
  baseURL,
}) => {
  const api = sandboxRequest(page, baseURL!);
  const fbComment = async (id: string) => api.get(`/api/posts/${fbPost}/comments/${id}?profile_id=${facebook}`);
  await openInbox(page);
  await expect(bodies(page)).toHaveText([
    "Nice thread",
    "Worst brand ever",
    "Cheap followers here",
    "Love the colours",
    "Where can I buy this?",
  ]);

  await test.step("a network without comment writes offers none; Facebook offers reply, hide, like, delete", async () => {
    await expect(row(page, ids.bluesky).getByRole("button")).toHaveCount(0);
    for (const action of ["reply", "hide", "like", "delete"])
      await expect(row(page, ids.troll).getByTestId(`comment-action-${action}`)).toBeVisible();
  });

  await test.step("keyboard: j and k move the selection, the thread follows; r opens the reply", async () => {
    await expect(row(page, ids.bluesky)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await expect(row(page, ids.praise)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("k");
    await expect(row(page, ids.spam)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("j");
    await expect(page.getByTestId("thread-comment")).toContainText("Love the colours");
    await page.keyboard.press("r");
    const reply = row(page, ids.praise).getByTestId("reply-form").getByRole("textbox");
    await expect(reply).toBeFocused();
    // typing j in the reply does not move the selection
    await reply.fill("Thank you, glad you like them!");
    await expect(row(page, ids.praise)).toHaveAttribute("aria-selected", "true");
    await row(page, ids.praise).getByRole("button", { name: "Send reply" }).click();
    await expect(row(page, ids.praise).getByTestId("reply-form")).toHaveCount(0);
  });

  await test.step("the reply is published on the network and shows in the thread and the list", async () => {
    await expect
      .poll(
        async () => ((await (await fbComment(ids.praise)).json()) as Comment).replies.map((r) => [r.body, r.status]),
        { timeout: 30_000 },
      )
      .toEqual([["Thank you, glad you like them!", "published"]]);
    await expect(page.getByTestId("thread-reply")).toContainText("Thank you, glad you like them!");
    await expect(page.getByTestId("inbox-list").getByTestId("comment-status").first()).toHaveAttribute(
      "data-status",
      "published",
    );
  });

  await test.step("hide: shown hidden at once, hidden on the network", async () => {
    await row(page, ids.spam).getByTestId("comment-action-hide").click();
    await expect(row(page, ids.spam).getByTestId("comment-hidden")).toBeVisible();
    await expect
      .poll(async () => ((await (await fbComment(ids.spam)).json()) as Comment).is_hidden, { timeout: 30_000 })
      .toBe(true);
    await expect(row(page, ids.spam).getByTestId("comment-pending-action")).toHaveCount(0, { timeout: 15_000 });
    await expect(row(page, ids.spam).getByTestId("comment-action-unhide")).toBeVisible();
  });

  await test.step("like: one more like at once, recorded by the network", async () => {
    await row(page, ids.question).getByTestId("comment-action-like").click();
    await expect(row(page, ids.question).getByTestId("comment-likes")).toHaveText("1 like");
    await expect
      .poll(async () => ((await (await fbComment(ids.question)).json()) as Comment).like_count, { timeout: 30_000 })
      .toBe(1);
  });

  await test.step("delete: confirmed, gone at once, removed on the network", async () => {
    await row(page, ids.troll).getByTestId("comment-action-delete").click();
    await page.getByTestId("delete-comment-dialog").getByRole("button", { name: "Delete comment" }).click();
    await expect(row(page, ids.troll)).toHaveCount(0);
    await expect.poll(async () => (await fbComment(ids.troll)).status(), { timeout: 30_000 }).toBe(404);
    await page.waitForTimeout(3_500); // a polled list after the delete keeps it out
    await expect(row(page, ids.troll)).toHaveCount(0);
  });
});

test("filters: status, text, network and post; reviews with star ratings, read-only, in their own tab", async ({
  page,
  baseURL,
}) => {
  const api = sandboxRequest(page, baseURL!);
  const business = await connectSandboxAccount(page, baseURL!, group.id, "google_business", "Inbox Trattoria");
  seedReviews(business.id, business.placements[0]!.id, [
    { body: "Great pasta", author: "diner", star_rating: "FIVE", minutes_ago: 10, reply: "Grazie!" },
    { body: "Slow service", author: "hungry", star_rating: "TWO", minutes_ago: 5 },
  ]);
  const hide = await api.post(`/api/posts/${fbPost}/comments/${ids.spam}/hide?profile_id=${facebook}`, {});
  expect(await hide.json()).toEqual({ accepted: true });
  const reply = await api.post(`/api/posts/${fbPost}/comments?profile_id=${facebook}`, {
    body: "Right here: shop.example",
    parent_id: ids.question,
  });
  expect(reply.status()).toBe(201);
  await expect
    .poll(
      async () =>
        ((await (await api.get(`/api/posts/${fbPost}/comments/${ids.spam}?profile_id=${facebook}`)).json()) as Comment)
          .is_hidden,
      { timeout: 30_000 },
    )
    .toBe(true);
  await openInbox(page);

  await page.getByLabel("Status").selectOption("needs_reply");
  await expect(bodies(page)).toHaveText(["Nice thread", "Worst brand ever", "Love the colours"]);
  await page.getByLabel("Status").selectOption("replied");
  await expect(bodies(page)).toHaveText(["Where can I buy this?"]);
  await page.getByLabel("Status").selectOption("hidden");
  await expect(bodies(page)).toHaveText(["Cheap followers here"]);
  await page.getByLabel("Status").selectOption("");

  await page.getByLabel("Search comments").fill("COLOUR");
  await expect(bodies(page)).toHaveText(["Love the colours"]);
  await page.getByLabel("Search comments").fill("");

  await page.getByLabel("Network").selectOption("bluesky");
  await expect(bodies(page)).toHaveText(["Nice thread"]);
  await page.getByLabel("Network").selectOption("");

  await row(page, ids.praise).click();
  await page.getByTestId("filter-by-post").click();
  await expect(page.getByTestId("post-filter")).toContainText(fbPost);
  await expect(bodies(page)).toHaveText([
    "Right here: shop.example",
    "Worst brand ever",
    "Cheap followers here",
    "Love the colours",
    "Where can I buy this?",
  ]);

  await page.getByRole("tab", { name: "Reviews" }).click();
  await expect(page.getByTestId("reviews-read-only")).toBeVisible();
  await page.getByLabel("Reviews of").selectOption(business.id);
  const reviews = page.getByTestId("reviews-list").getByRole("listitem");
  await expect(reviews).toHaveCount(2);
  await expect(reviews.nth(0)).toContainText("Slow service");
  await expect(reviews.nth(0).getByTestId("review-stars")).toHaveAttribute("data-rating", "2");
  await expect(reviews.nth(1).getByTestId("review-stars")).toHaveAttribute("aria-label", "5 out of 5 stars");
  await expect(reviews.nth(1).getByTestId("review-reply")).toHaveText(/Grazie!/);
  await expect(page.getByTestId("reviews-list").getByRole("button")).toHaveCount(0);
  await page.getByLabel("Reviews of").selectOption(facebook);
  await expect(page.getByTestId("reviews-empty")).toBeVisible();
});

test("private reply: offered where the network takes it and not yet used, sent to the commenter once", async ({
  page,
  baseURL,
}) => {
  const api = sandboxRequest(page, baseURL!);
  await openInbox(page);
  await expect(row(page, ids.bluesky).getByTestId("comment-action-private-reply")).toHaveCount(0);
  await row(page, ids.question).getByTestId("comment-action-private-reply").click();
  const form = row(page, ids.question).getByTestId("private-reply-form");
  await form.getByRole("textbox").fill("Hi! Here is the shop link, just for you.");
  await form.getByRole("button", { name: "Send private reply" }).click();
  await expect(row(page, ids.question).getByTestId("comment-private-reply-sent")).toBeVisible();
  await expect(row(page, ids.question).getByTestId("comment-action-private-reply")).toHaveCount(0);

  // The direct message reached the simulated network, in the commenter's chat.
  const chats = (await (await api.get(`/api/profiles/${facebook}/chats`)).json()) as { data: { id: string }[] };
  expect(chats.data).toHaveLength(1);
  await expect
    .poll(
      async () =>
        (
          (await (await api.get(`/api/chats/${chats.data[0]!.id}/messages?direction=outbound`)).json()) as {
            data: { body: string; status: string }[];
          }
        ).data.map((m) => [m.body, m.status]),
      { timeout: 30_000 },
    )
    .toEqual([["Hi! Here is the shop link, just for you.", "published"]]);

  // Used: after a reload the list no longer offers it; other comments still do.
  await openInbox(page);
  await expect(row(page, ids.question).getByTestId("comment-action-reply")).toBeVisible();
  await expect(row(page, ids.question).getByTestId("comment-action-private-reply")).toHaveCount(0);
  await expect(row(page, ids.praise).getByTestId("comment-action-private-reply")).toBeVisible();
});
