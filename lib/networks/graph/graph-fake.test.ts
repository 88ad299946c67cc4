import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { timedFetch } from "../http";
import { facebookConnector } from "../facebook";
import { threadsConnector } from "../threads";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { graphRequest, graphUrl } from "./request";
import { z } from "zod";

// The Graph core fake's own wire behaviour, driven through the shared request helper: what it refuses
// is what Meta refuses, so the connectors' tests against it mean something.

let fake: GraphFake;
const ctx = { fetch: timedFetch(5_000) };
const REDIRECT = "https://app.example/connect/facebook/callback";

beforeAll(async () => {
  fake = await startGraphFake();
  fake.addApp("facebook", "app-1", "secret-1");
  fake.addApp("threads", "th-1", "th-secret");
  fake.addFacebookUser({ id: "u1", name: "Una", pages: [{ id: "p1", name: "Page One", category: "Brand" }] });
  fake.addThreadsUser({ id: "t1", username: "tess" });
});
afterAll(() => fake.close());

const dialogCode = async (query: Record<string, string> = {}) => {
  const url = new URL(`${fake.base("www.facebook.com")}/v25.0/dialog/oauth`);
  url.search = new URLSearchParams({
    client_id: "app-1",
    redirect_uri: REDIRECT,
    state: "s1",
    response_type: "code",
    scope: "pages_show_list",
    ...query,
  }).toString();
  return fake.consent(url);
};
const exchange = (query: Record<string, string>) =>
  graphRequest(
    ctx,
    facebookConnector,
    { url: graphUrl(fake.base("graph.facebook.com"), "v25.0", "oauth/access_token"), query },
    z.object({ access_token: z.string() }),
  );

describe("Graph core fake", () => {
  it("the dialog redirects with code and state, and refuses unknown apps", async () => {
    const back = await dialogCode();
    expect(back).toEqual({ state: "s1", code: expect.stringMatching(/^AQ/) });
    const res = await fetch(
      `${fake.base("www.facebook.com")}/v25.0/dialog/oauth?client_id=nope&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code`,
      { redirect: "manual" },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 101, type: "OAuthException", fbtrace_id: expect.any(String) },
    });
  });

  it("the token endpoint checks secret, redirect_uri and single use, with Graph's codes", async () => {
    const { code } = await dialogCode();
    const base = { client_id: "app-1", client_secret: "secret-1", redirect_uri: REDIRECT, code: code! };
    await expect(exchange({ ...base, client_secret: "wrong" })).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "1" },
    });
    await expect(exchange({ ...base, redirect_uri: "https://evil.example/cb" })).rejects.toMatchObject({
      details: { platformErrorCode: "100", platformErrorSubcode: "36008" },
    });
    const { access_token } = await exchange(base);
    expect(fake.tokenInfo(access_token)).toMatchObject({
      kind: "user_short",
      userId: "u1",
      scopes: ["pages_show_list"],
    });
    await expect(exchange(base)).rejects.toMatchObject({ details: { platformErrorSubcode: "36009" } });
  });

  it("takes the token from the query or a Bearer header, checks appsecret_proof, and answers Graph errors", async () => {
    const { code } = await dialogCode();
    const { access_token: token } = await exchange({
      client_id: "app-1",
      client_secret: "secret-1",
      redirect_uri: REDIRECT,
      code: code!,
    });
    const me = (call: Partial<Parameters<typeof graphRequest>[2]>) =>
      graphRequest(
        ctx,
        facebookConnector,
        { url: graphUrl(fake.base("graph.facebook.com"), "v25.0", "me"), ...call },
        z.object({ id: z.string() }).loose(),
      );
    expect(await me({ token, tokenIn: "query" })).toEqual({ id: "u1", name: "Una" });
    expect(await me({ token, appSecret: "secret-1", query: { fields: "id" } })).toEqual({ id: "u1" });
    await expect(me({ token, appSecret: "other" })).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorMessage: expect.stringContaining("appsecret_proof") },
    });
    await expect(me({})).rejects.toMatchObject({ details: { platformErrorCode: "104" } });
    await expect(me({ token: "EAAforged" })).rejects.toMatchObject({
      kind: "auth_expired",
      details: { platformErrorCode: "190" },
    });
    fake.advanceTime(2 * 3600_000);
    await expect(me({ token })).rejects.toMatchObject({
      kind: "auth_expired",
      details: { platformErrorSubcode: "463" },
    });
    fake.advanceTime(-2 * 3600_000);
    fake.failNext({
      host: "graph.facebook.com",
      path: "me",
      status: 500,
      error: { code: 2, message: "Service temporarily unavailable", is_transient: true },
    });
    await expect(me({ token })).rejects.toMatchObject({ kind: "outcome_unknown" });
    const res = await fetch(`${fake.base("graph.facebook.com")}/v25.0/me`, {
      headers: { authorization: `OAuth ${token}` },
    });
    expect(res.headers.get("x-app-usage")).toBe('{"call_count":1,"total_cputime":1,"total_time":1}');
  });

  it("keeps each network's tokens to its own hosts", async () => {
    const url = new URL(`${fake.base("threads.com")}/oauth/authorize`);
    url.search = new URLSearchParams({
      client_id: "th-1",
      redirect_uri: REDIRECT,
      response_type: "code",
      scope: "threads_basic",
      state: "s",
    }).toString();
    const { code } = await fake.consent(url);
    const short = await graphRequest(
      ctx,
      threadsConnector,
      {
        url: graphUrl(fake.base("graph.threads.com"), null, "oauth/access_token"),
        form: {
          client_id: "th-1",
          client_secret: "th-secret",
          grant_type: "authorization_code",
          redirect_uri: REDIRECT,
          code: code!,
        },
      },
      z.object({ access_token: z.string(), user_id: z.string() }),
    );
    expect(short.user_id).toBe("t1");
    await expect(
      graphRequest(
        ctx,
        facebookConnector,
        { url: graphUrl(fake.base("graph.facebook.com"), "v25.0", "me"), token: short.access_token },
        z.unknown(),
      ),
    ).rejects.toMatchObject({ kind: "auth_expired" });
  });
});
