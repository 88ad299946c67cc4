import { expect, test } from "@playwright/test";
import { runScript } from "../support/tenant";

// Findings 4 and 7 of the authentication review, through the running app: forwarding headers count only
// from TRUSTED_PROXIES (none here), so a client cannot pick its own throttle bucket or host; a `callbackUrl`
// that is not a URL is no 500.

const OWNER = { email: "nobody@example.com", password: "correct-horse-battery", name: "Nobody" };

test("setup-token guesses are throttled by the peer address, whatever X-Forwarded-For says", async ({ request }) => {
  try {
    for (let i = 0; i < 10; i++) {
      const res = await request.post("/api/setup", {
        data: { ...OWNER, setup_token: `setup_guess${i}` },
        headers: { "X-Forwarded-For": `198.51.100.${i}`, "X-Real-IP": `198.51.100.${i}` },
      });
      expect(res.status()).toBe(422);
    }
    const refused = await request.post("/api/setup", {
      data: { ...OWNER, setup_token: "setup_guess10" },
      headers: { "X-Forwarded-For": "198.51.100.200" },
    });
    expect(refused.status()).toBe(429);
    expect(await refused.json()).toEqual({ error: "Too many setup attempts; try again later" });
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
  } finally {
    runScript("e2e/support/clear-setup-throttle.ts", ["127.0.0.1"]); // the admin specs set up from here
  }
});

test("a cookie-authenticated write needs our whole origin: no other scheme, no forged X-Forwarded-Host", async ({
  request,
  baseURL,
}) => {
  const headers = { cookie: "next-auth.session-token=abc.def", "content-type": "application/json" };
  const ours = new URL(baseURL!);
  for (const [origin, extra] of [
    [`https://${ours.host}`, {}],
    ["http://evil.example", { "X-Forwarded-Host": "evil.example" }],
    ["https://evil.example", { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" }],
  ] as const) {
    const res = await request.post("/api/profile_groups", {
      headers: { ...headers, ...extra, origin },
      data: { name: "x" },
    });
    expect(res.status(), origin).toBe(403);
    expect(await res.json()).toEqual({ error: "Cross-site request refused" });
  }
  // our own origin passes the check (and then fails as the bogus session it is)
  const own = await request.post("/api/profile_groups", {
    headers: { ...headers, origin: ours.origin },
    data: { name: "x" },
  });
  expect(own.status()).toBe(401);
});

test("a callbackUrl that is not a URL, or not ours, sends to the app instead of failing", async ({
  request,
  baseURL,
}) => {
  for (const callbackUrl of ["http://[", "https://%zz", "http://evil.example/"]) {
    const page = await request.get(`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`, {
      maxRedirects: 0,
    });
    expect(page.status(), callbackUrl).toBeLessThan(500);
    const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    const res = await request.post("/api/auth/callback/credentials", {
      form: { email: "nobody@example.com", password: "x", csrfToken, callbackUrl },
      maxRedirects: 0,
    });
    expect(res.status(), callbackUrl).toBe(302);
    expect(res.headers().location ?? "", callbackUrl).toMatch(new RegExp(`^${new URL(baseURL!).origin}/`));
  }
});
