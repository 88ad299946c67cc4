import { describe, expect, it } from "vitest";
import { webUrl } from "./web-url";

describe("webUrl", () => {
  it("keeps http(s) URLs and our own relative paths", () => {
    expect(webUrl("https://scontent.example/p.jpg")).toBe("https://scontent.example/p.jpg");
    expect(webUrl("HTTP://example.com/a")).toBe("HTTP://example.com/a");
    expect(webUrl("/media/abc.jpg")).toBe("/media/abc.jpg");
  });

  it("refuses every other scheme, however it is spelled", () => {
    for (const url of [
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "\u0001javascript:alert(1)",
      "java\tscript:alert(1)",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "blob:https://example.com/x",
    ])
      expect(webUrl(url), url).toBeNull();
    expect(webUrl(null)).toBeNull();
    expect(webUrl("")).toBeNull();
  });
});
