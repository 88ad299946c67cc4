// `local/guarded-downloads` (eslint/guarded-downloads.mjs): in lib/networks and lib/services a URL given by a
// caller or by a network's payload is downloaded only by the guarded downloader (lib/media/download.ts);
// ctx.fetch is the networks' API client. Proved on small sources linted as if they lived at a given path,
// then on the tree itself.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const RULE = "local/guarded-downloads";
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === RULE });

/** The rule's reports (message ids) for `code` at `file` (relative to the repository root). */
const reports = async (file: string, code: string): Promise<(string | undefined)[]> => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]); // the sample parses
  return result!.messages.map((m) => m.messageId);
};

const CONNECTOR = "lib/networks/widget/publish.ts";
const header =
  'import { at, networkApiUrl } from "../http";\ntype Ctx = { fetch: typeof fetch; settings: { api_url: string } };\n';
const FETCHER_PARAM = "fetcherParam";
const FETCHER_VALUE = "fetcherValue";
const UNTRUSTED = "untrustedUrl";
const GLOBAL_FETCH = "globalFetch";

describe("refused: a download of a caller's or a network's URL outside the guarded downloader", () => {
  it("the helper that took a fetcher (the unguarded cover download this rule replaces)", async () => {
    const code = `export const downloadNamedImage = async (fetcher: typeof fetch, url: string) => fetcher(url);\n`;
    expect(await reports("lib/networks/http.ts", code)).toEqual([FETCHER_PARAM]);
  });

  it("ctx.fetch handed to a helper, or taken out of ctx", async () => {
    const code = `${header}declare const download: (...args: unknown[]) => Promise<Response>;
export const cover = (ctx: Ctx, url: string) => download(ctx.fetch, url);
export const take = (ctx: Ctx) => { const { fetch } = ctx; return fetch; };
`;
    expect(await reports(CONNECTOR, code)).toEqual([FETCHER_VALUE, FETCHER_VALUE]);
  });

  it("ctx.fetch of a caller's cover_url, directly or through variables, templates and query builders", async () => {
    const code = `${header}declare const withQuery: (u: string, q: object) => string;
export const a = (ctx: Ctx, params: { cover_url: string }) => ctx.fetch(params.cover_url);
export const b = (ctx: Ctx, input: { media: { url: string }[] }) => {
  const media = input.media[0]!;
  const url = withQuery(media.url, { size: "large" });
  return ctx.fetch(url);
};
export const c = (ctx: Ctx, attachment: { sourceUrl: string }) => ctx.fetch(\`\${attachment.sourceUrl}?w=800\`);
`;
    expect(await reports(CONNECTOR, code)).toEqual([UNTRUSTED, UNTRUSTED, UNTRUSTED]);
  });

  it("ctx.fetch of a URL from a network's answer: a field, a reassigned variable, a Location header", async () => {
    const code = `${header}export const a = async (ctx: Ctx) => {
  const body = (await (await ctx.fetch(at(ctx.settings.api_url, "/me"))).json()) as { picture_url: string };
  return ctx.fetch(body.picture_url);
};
export const b = async (ctx: Ctx, next: { next_url: string }) => {
  let url = at(ctx.settings.api_url, "/page");
  url = next.next_url;
  return ctx.fetch(url);
};
export const c = async (ctx: Ctx) => {
  const res = await ctx.fetch(at(ctx.settings.api_url, "/moved"), { redirect: "manual" });
  return ctx.fetch(res.headers.get("location")!);
};
`;
    expect(await reports(CONNECTOR, code)).toEqual([UNTRUSTED, UNTRUSTED, UNTRUSTED]);
  });

  it("fetch itself, and other HTTP clients, in a service or a connector", async () => {
    const service = `export const preview = async (url: string) => (await fetch(url)).text();
export const again = (url: string) => globalThis.fetch(url);
`;
    expect(await reports("lib/services/widgets/preview.ts", service)).toEqual([GLOBAL_FETCH, GLOBAL_FETCH]);
    const client = 'import { request } from "node:https";\nexport const r = request;\n';
    expect(await reports(CONNECTOR, client)).toEqual(["httpModule"]);
  });
});

describe("allowed", () => {
  it("ctx.fetch of URLs built from the connector's settings, and of an upload URL marked networkApiUrl", async () => {
    const code = `${header}declare const api: (ctx: Ctx, path: string) => string;
export const a = (ctx: Ctx) => ctx.fetch(at(ctx.settings.api_url, "/v2/me"));
export const b = (ctx: Ctx, id: string) => ctx.fetch(\`\${ctx.settings.api_url}/videos/\${id}\`);
export const c = (ctx: Ctx) => { const url = new URL(api(ctx, "/videos")); url.searchParams.set("part", "id"); return ctx.fetch(url); };
export const d = (ctx: Ctx, registered: { upload_url: string }) => ctx.fetch(networkApiUrl(registered.upload_url), { method: "PUT" });
`;
    expect(await reports(CONNECTOR, code)).toEqual([]);
  });

  it("the guarded downloader on a caller's URL; fetch in the API client (http.ts) and in tests", async () => {
    const guarded = `import { downloadMedia } from "@/lib/media/download";
export const cover = (params: { cover_url: string }) => downloadMedia(params.cover_url, { maxBytes: 1024 });
`;
    expect(await reports(CONNECTOR, guarded)).toEqual([]);
    const client = "export const timed = (): typeof fetch => (input, init) => fetch(input, init);\n";
    expect(await reports("lib/networks/http.ts", client)).toEqual([]);
    const test = "export const get = (url: string) => fetch(url);\n";
    expect(await reports("lib/networks/widget/publish.test.ts", test)).toEqual([]);
  });
});

describe("the tree", () => {
  it(
    "has no download outside the guarded downloader in lib/networks and lib/services",
    { timeout: 240_000 },
    async () => {
      const results = await eslint.lintFiles(["lib/networks", "lib/services"]);
      const found = results.flatMap((r) =>
        r.messages.map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.message}`),
      );
      expect(found).toEqual([]);
    },
  );
});
