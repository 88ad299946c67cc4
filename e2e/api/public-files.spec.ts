import { expect, test } from "@playwright/test";

// What the app serves from public/: icons for browsers and home screens, and a robots.txt that keeps the
// admin app out of search indexes (its pages also say noindex).

test("public files: robots.txt keeps crawlers out, icons and the manifest are served", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/^User-agent: \*\nDisallow: \/$/m);

  for (const [path, type] of [
    ["/favicon.ico", /^image\/(x-icon|vnd\.microsoft\.icon)/],
    ["/icon.svg", /^image\/svg\+xml/],
    ["/apple-touch-icon.png", /^image\/png/],
    ["/icon-512.png", /^image\/png/],
  ] as const) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["content-type"], path).toMatch(type);
  }
  const manifest = await (await request.get("/site.webmanifest")).json();
  expect(manifest.icons.map((i: { src: string }) => i.src)).toEqual(["/icon.svg", "/icon-512.png"]);

  const login = await (await request.get("/login")).text();
  expect(login).toContain('<meta name="robots" content="noindex, nofollow"/>');
  expect(login).toContain('href="/favicon.ico"');
});
