import { describe, expect, it } from "vitest";
import { authOptions, sameOriginRedirect } from "./options";

// Finding 7 of the authentication review: a `callbackUrl` that is not a URL answered 500 (next-auth's
// default redirect callback parses it unguarded). Anything but our own origin now goes to the app's root.
describe("sign-in redirects (callbackUrl)", () => {
  const base = "http://127.0.0.1:3000";

  it("keeps paths and URLs of our own origin", () => {
    expect(sameOriginRedirect("/posts?x=1", base)).toBe("http://127.0.0.1:3000/posts?x=1");
    expect(sameOriginRedirect("http://127.0.0.1:3000/inbox", base)).toBe("http://127.0.0.1:3000/inbox");
    expect(sameOriginRedirect("not a url", base)).toBe("http://127.0.0.1:3000/not%20a%20url"); // a relative path
  });

  it("sends anything else to the root, never throwing", async () => {
    for (const url of [
      "http://[",
      "https://%zz",
      "https://127.0.0.1:3000/inbox", // another scheme
      "http://127.0.0.1:3001/", // another port
      "http://evil.example/",
      "//evil.example/x",
      "/\\evil.example/x",
      "javascript:alert(1)",
    ]) {
      expect(sameOriginRedirect(url, base), url).toBe("http://127.0.0.1:3000/");
      await expect(authOptions.callbacks!.redirect!({ url, baseUrl: base }), url).resolves.toBe(
        "http://127.0.0.1:3000/",
      );
    }
  });
});
