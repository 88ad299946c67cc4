import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as postRoute from "@/app/api/posts/[id]/route";
import * as postsRoute from "@/app/api/posts/route";
import * as profileGroupsRoute from "@/app/api/profile_groups/route";
import * as profileStatsRoute from "@/app/api/profiles/[id]/stats/route";
import * as commentsRoute from "@/app/api/comments/route";
import * as postCommentsRoute from "@/app/api/posts/[id]/comments/route";
import * as profileChatsRoute from "@/app/api/profiles/[id]/chats/route";
import { newId } from "@/lib/ids";
import { defineEndpoint } from "@/lib/contracts/define";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { seedSandboxTenant } from "@/testing/posts";
import { PNG_BYTES } from "@/testing/publish-media";
import type { RouteHandler } from "./route";
import { apiRoute, ok } from "./route";
import { formDataToObject } from "./multipart";
import { queryToObject } from "./parse";

// Defects 1 and 4 of issue 11: user-chosen keys never reach an object's prototype; NUL bytes, broken
// Unicode, absurd nesting and dates outside what PostgreSQL stores are 4xx naming the field; a database
// data error is a 4xx; files stored by a request that fails are removed.

// This file's own media directory, so counting files is exact while other test files upload in parallel.
process.env.MEDIA_DIR = mkdtempSync(path.join(tmpdir(), "input-hardening-media-"));
const mediaFiles = () => {
  try {
    return readdirSync(path.join(process.env.MEDIA_DIR!, "m"));
  } catch {
    return [];
  }
};

type Tenant = Awaited<ReturnType<typeof seedSandboxTenant>>;
let t: Tenant;
beforeAll(async () => {
  t = await seedSandboxTenant(["bluesky"]);
}, 60_000);
afterAll(() => db.$disconnect());

type Json = Record<string, any>;
const errorsOf = (res: { json: Json }) => (res.json.errors as string[] | undefined) ?? [];
const polluted = () => (Object.prototype as Record<string, unknown>).polluted;

// A multipart request straight into a route handler.
const multipart = async (
  handler: RouteHandler,
  fields: [string, string | Blob, string?][],
  { params = {}, pathname = "/api/posts" } = {},
) => {
  const form = new FormData();
  for (const [name, value, filename] of fields) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, filename);
  }
  const req = new Request(`http://localhost${pathname}`, {
    method: handler.endpoint.method,
    headers: { authorization: `Bearer ${t.token}` },
    body: form,
  });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, json: (await res.json()) as Json };
};

describe("prototype keys", () => {
  it("are refused in multipart field names, and parsed objects have no prototype", () => {
    for (const name of [
      "__proto__[polluted]",
      "constructor[prototype][polluted]",
      "post[__proto__][polluted]",
      "platforms[bluesky][constructor][prototype][polluted]",
      "prototype",
    ]) {
      const form = new FormData();
      form.append(name, "yes");
      expect(() => formDataToObject(form), name).toThrow(expect.objectContaining({ status: 422 }));
      expect(polluted()).toBeUndefined();
    }
    const form = new FormData();
    form.append("post[body]", "hi");
    form.append("profiles[]", "bluesky");
    const parsed = formDataToObject(form);
    expect(parsed).toEqual({ post: { body: "hi" }, profiles: ["bluesky"] });
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.getPrototypeOf(parsed.post)).toBeNull();
  });

  it("are refused in query strings (400), whose parsed object has no prototype", () => {
    for (const query of ["__proto__=1", "__proto__[]=1", "constructor=1", "prototype[]=x"]) {
      expect(() => queryToObject(new URLSearchParams(query)), query).toThrow(expect.objectContaining({ status: 400 }));
    }
    expect(Object.getPrototypeOf(queryToObject(new URLSearchParams("a=1")))).toBeNull();
  });

  it("in a multipart POST /api/posts: 422 naming the field, and the service keeps answering", async () => {
    const res = await multipart(postsRoute.POST, [
      ["__proto__[polluted]", "yes"],
      ["profiles[]", "bluesky"],
      ["post[body]", "hello"],
    ]);
    expect(res.status).toBe(422);
    expect(errorsOf(res)).toEqual(["__proto__[polluted]: __proto__ is not an allowed field name"]);
    expect(polluted()).toBeUndefined();
    expect((await callRoute(postsRoute.GET, { path: "/api/posts", token: t.token })).status).toBe(200);
  });

  it("in JSON bodies (post, platforms.<network>, PATCH merges) and queries", async () => {
    const create = (rawBody: string) => callRoute(postsRoute.POST, { path: "/api/posts", token: t.token, rawBody });
    const cases: [string, string][] = [
      ['{"__proto__": {"polluted": true}, "profiles": ["bluesky"]}', "__proto__"],
      [
        '{"post": {"body": "x", "constructor": {"prototype": {"polluted": 1}}}, "profiles": ["bluesky"]}',
        "post.constructor",
      ],
      [
        '{"profiles": ["bluesky"], "platforms": {"bluesky": {"__proto__": {"polluted": 1}}}}',
        "platforms.bluesky.__proto__",
      ],
      ['{"profiles": ["bluesky"], "platforms": {"prototype": {}}}', "platforms.prototype"],
    ];
    for (const [rawBody, field] of cases) {
      const res = await create(rawBody);
      expect(res.status, rawBody).toBe(422);
      expect(errorsOf(res), rawBody).toEqual([`${field}: is not an allowed field name`]);
    }
    const draft = await callRoute(postsRoute.POST, {
      path: "/api/posts",
      token: t.token,
      body: { post: { body: "draft", draft: true }, profiles: ["bluesky"] },
    });
    const id = (draft.json as Json).id as string;
    const patch = await callRoute(postRoute.PATCH, {
      path: `/api/posts/${id}`,
      token: t.token,
      params: { id },
      rawBody: '{"platforms": {"bluesky": {"__proto__": {"polluted": 1}}}}',
    });
    expect(patch.status).toBe(422);
    const query = await callRoute(postsRoute.GET, { path: "/api/posts?__proto__=1&constructor[]=x", token: t.token });
    expect(query.json).toEqual({
      status: 400,
      error: "Bad Request",
      message: "__proto__ is not an allowed query parameter",
    });
    expect(polluted()).toBeUndefined();
  });
});

describe("NUL bytes, broken Unicode and nesting", () => {
  it("are refused in body fields with a 422 naming the field", async () => {
    const group = await callRoute(profileGroupsRoute.POST, {
      path: "/api/profile_groups",
      token: t.token,
      body: { name: "a\u0000b" },
    });
    expect(group.status).toBe(422);
    expect(errorsOf(group)).toEqual(["name: must not contain NUL characters (\\u0000)"]);
    const post = await callRoute(postsRoute.POST, {
      path: "/api/posts",
      token: t.token,
      body: { profiles: ["bluesky"], post: { body: "ok" }, thread: [{ body: "x\u0000" }] },
    });
    expect(errorsOf(post)).toEqual(["thread.0.body: must not contain NUL characters (\\u0000)"]);
    const params = await callRoute(postsRoute.POST, {
      path: "/api/posts",
      token: t.token,
      body: { profiles: ["bluesky"], platforms: { bluesky: { "a\u0000": 1 } } },
    });
    expect(errorsOf(params)).toEqual([
      "platforms.bluesky: has a field name that must not contain NUL characters (\\u0000)",
    ]);
    const surrogate = await callRoute(profileGroupsRoute.POST, {
      path: "/api/profile_groups",
      token: t.token,
      rawBody: '{"name": "a\\ud800b"}',
    });
    expect(errorsOf(surrogate)).toEqual(["name: must be valid Unicode text (unpaired surrogate)"]);
    expect(await db.profileGroup.count({ where: { accountId: t.account.id } })).toBe(1);
  });

  it("are refused in query parameters with the spec's 400 naming the parameter", async () => {
    const res = await callRoute(postsRoute.GET, { path: "/api/posts?profile_group_id=%00", token: t.token });
    expect(res.json).toEqual({
      status: 400,
      error: "Bad Request",
      message: "profile_group_id: must not contain NUL characters (\\u0000)",
    });
  });

  it("refuses absurdly nested bodies instead of overflowing the stack", async () => {
    const deep = `${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}`;
    const res = await callRoute(profileGroupsRoute.POST, {
      path: "/api/profile_groups",
      token: t.token,
      rawBody: deep,
    });
    expect([400, 422]).toContain(res.status);
    const arrays = await callRoute(postsRoute.POST, {
      path: "/api/posts",
      token: t.token,
      rawBody: `{"profiles": ${"[".repeat(100)}${"]".repeat(100)}}`,
    });
    expect(errorsOf(arrays)[0]).toMatch(/^profiles(\.0)+: is nested too deeply/);
  });

  it("refuses a multipart `platforms` part nested 20,000 deep with 422, like JSON", async () => {
    const deep = `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`;
    const res = await multipart(postsRoute.POST, [
      ["profiles[]", "bluesky"],
      ["post[body]", "deep"],
      ["platforms", deep],
    ]);
    expect(res.status).toBe(422);
    expect(errorsOf(res)[0]).toMatch(/^platforms(\.a)+: is nested too deeply/);
    const brackets = await multipart(postsRoute.POST, [
      ["profiles[]", "bluesky"],
      ["thread", `${"[".repeat(20_000)}${"]".repeat(20_000)}`],
    ]);
    expect(brackets.status).toBe(422);
  });
});

describe("dates", () => {
  it("outside 0001-9999 are refused at the edge (body 422, query 400); the boundaries are accepted", async () => {
    for (const scheduled_at of ["0000-01-01T00:00:00Z", "0001-01-01T00:30:00+01:00", "9999-12-31T23:00:00-05:00"]) {
      const res = await callRoute(postsRoute.POST, {
        path: "/api/posts",
        token: t.token,
        body: { profiles: ["bluesky"], post: { body: "x", scheduled_at } },
      });
      expect(res.status, scheduled_at).toBe(422);
      expect(errorsOf(res)).toEqual(["post.scheduled_at: must be between 0001-01-01 and 9999-12-31"]);
    }
    const list = await callRoute(postsRoute.GET, {
      path: "/api/posts?scheduled_after=0000-01-01T00:00:00Z",
      token: t.token,
    });
    expect(list.json).toMatchObject({
      status: 400,
      message: "scheduled_after: must be between 0001-01-01 and 9999-12-31",
    });
    expect(
      (await callRoute(postsRoute.GET, { path: "/api/posts?scheduled_after=9999-12-31T23:59:59Z", token: t.token }))
        .status,
    ).toBe(200);
    const id = t.profiles.bluesky!.id;
    const stats = await callRoute(profileStatsRoute.GET, {
      path: `/api/profiles/${id}/stats?from=0000-01-01`,
      token: t.token,
      params: { id },
    });
    expect(stats.status).toBe(400);
  });
});

describe("list filters' instants", () => {
  // They reached the database unchecked: year 0 answered PostgreSQL's range error as a body's 422.
  it("outside 0001-9999 are the parameter's 400 (comments from/to, chats before/after); the boundaries pass", async () => {
    const profileId = t.profiles.bluesky!.id;
    const postId = newId("post");
    const lists: [RouteHandler, string, Record<string, string>, string[]][] = [
      [commentsRoute.GET, "/api/comments?", {}, ["from", "to"]],
      [postCommentsRoute.GET, `/api/posts/${postId}/comments?profile_id=${profileId}&`, { id: postId }, ["from", "to"]],
      [profileChatsRoute.GET, `/api/profiles/${profileId}/chats?`, { id: profileId }, ["before", "after"]],
    ];
    for (const [handler, prefix, params, names] of lists)
      for (const name of names) {
        for (const value of ["0000-01-01T00:00:00Z", "0000-12-31T12:00:00", "9999-12-31T23:00:00-05:00"]) {
          const path = `${prefix}${name}=${encodeURIComponent(value)}`;
          const res = await callRoute(handler, { path, token: t.token, params });
          expect(res.status, path).toBe(400);
          expect(res.json, path).toEqual({
            status: 400,
            error: "Bad Request",
            message: `${name}: must be between 0001-01-01 and 9999-12-31`,
          });
        }
        const edge = `${prefix}${name}=${encodeURIComponent("0001-01-01T00:00:00Z")}`;
        expect((await callRoute(handler, { path: edge, token: t.token, params })).status, edge).not.toBe(400);
      }
    const day = await callRoute(commentsRoute.GET, { path: "/api/comments?from=0000-01-01", token: t.token });
    expect(day.status).toBe(400);
    expect((await callRoute(commentsRoute.GET, { path: "/api/comments?to=9999-12-31", token: t.token })).status).toBe(
      200,
    );
  });
});

describe("database data errors", () => {
  // An endpoint without the edge's checks (params and query untyped), reading straight from the database.
  const lookup = apiRoute(
    defineEndpoint({
      operationId: "dbEcho",
      method: "GET",
      path: "/api/db_echo",
      tag: "t",
      summary: "s",
      auth: "none",
      responses: {},
    }),
    async ({ req }) => {
      const url = new URL(req.url);
      const since = url.searchParams.get("since");
      return ok(
        await db.post.findMany({
          where: {
            body: url.searchParams.get("body") ?? undefined,
            ...(since && { createdAt: { gte: new Date(since) } }),
          },
          take: 1,
        }),
      );
    },
  );

  it("are answered 422 in the spec's shape, never 500 with PostgreSQL's message", async () => {
    for (const query of ["body=a%00b", "since=0000-06-01T00:00:00Z", "since=-005000-01-01T00:00:00Z"]) {
      const res = await callRoute(lookup, { path: `/api/db_echo?${query}` });
      expect(res.status, query).toBe(422);
      expect(JSON.stringify(res.json)).not.toMatch(/prisma|invocation|0x00|SQL/i);
    }
    expect((await callRoute(lookup, { path: "/api/db_echo?body=fine" })).status).toBe(200);
  });
});

describe("uploads of a failing request", () => {
  const png = () => new Blob([PNG_BYTES], { type: "image/png" });

  it("are removed when a later part is refused", async () => {
    const before = mediaFiles();
    const res = await multipart(postsRoute.POST, [
      ["profiles[]", "bluesky"],
      ["post[body]", "two files"],
      ["media[]", png(), "a.png"],
      ["media[]", new Blob(["not an image"], { type: "image/png" }), "b.png"],
    ]);
    expect(res.status).toBe(422);
    expect(errorsOf(res)[0]).toMatch(/^media\[1\]: /);
    expect(mediaFiles()).toEqual(before);
  });

  it("are removed when the network rules refuse the post after a cover file was stored", async () => {
    const before = mediaFiles();
    const res = await multipart(postsRoute.POST, [
      ["profiles[]", "bluesky"],
      ["post[body]", "x".repeat(400)],
      ["platforms[bluesky][cover_file]", png(), "cover.png"],
    ]);
    expect(res.status).toBe(422);
    expect(mediaFiles()).toEqual(before);
  });

  it("are kept when the post is saved", async () => {
    const before = mediaFiles().length;
    const res = await multipart(postsRoute.POST, [
      ["profiles[]", "bluesky"],
      ["post[body]", "one file"],
      ["post[draft]", "true"],
      ["media[]", png(), "a.png"],
    ]);
    expect(res.status).toBe(200);
    expect(mediaFiles().length).toBe(before + 2); // the file and its type sidecar
  });
});
