import { randomBytes } from "node:crypto";
import type { SandboxAccount } from "../../sandbox/simulated";
import type { ConnectorStore } from "../../types";
import { pageWrite, unreadablePageField, writtenPage } from "../page-fields";
import { sandboxPages } from "./placements";
import {
  ok,
  SIM_RETRY_AFTER_SECONDS,
  type Json,
  type SimFailure,
  type SimHost,
  type SimReply,
} from "../../sandbox/management/wire";

// The sandbox's Graph API for the Pages of a sandbox facebook account: GET /{version}/{page-id}?fields=…
// and POST /{version}/{page-id} (the writable fields as form parameters), answered for the real
// connector's page management (lib/networks/facebook/page-info.ts) as Graph answers: only the fields
// the Page has set, Graph's checks of fields and writes (lib/networks/facebook/page-fields.ts), an
// empty value clears the field; a Page that is not the account's is code 100 / subcode 33. Each Page's
// fields live in the profile's connector store once written; until then the seed below.

const graphError = (message: string, code = 100, subcode?: number): SimReply => ({
  status: 400,
  body: {
    error: {
      message,
      type: "OAuthException",
      code,
      ...(subcode && { error_subcode: subcode }),
      fbtrace_id: `Asbx${randomBytes(6).toString("base64url")}`,
    },
  },
});

// Graph's answers to a tagged request (management/wire.ts): a missing permission (#200), the Page's
// rate limit (#32) with the wait in Meta's X-Business-Use-Case-Usage header (in minutes), and a
// transient failure (#2).
export const graphFailure = (failure: SimFailure): SimReply => {
  const fbtrace_id = `Asbx${randomBytes(6).toString("base64url")}`;
  if (failure === "forbidden")
    return {
      status: 403,
      body: {
        error: {
          message: "(#200) The user hasn't authorized the application to perform this action",
          type: "OAuthException",
          code: 200,
          fbtrace_id,
        },
      },
    };
  if (failure === "rate_limited") {
    const usage = {
      sandbox: [
        {
          type: "pages",
          call_count: 100,
          total_cputime: 20,
          total_time: 40,
          estimated_time_to_regain_access: Math.ceil(SIM_RETRY_AFTER_SECONDS / 60),
        },
      ],
    };
    return {
      status: 400,
      body: { error: { message: "(#32) Page request limit reached", type: "OAuthException", code: 32, fbtrace_id } },
      headers: { "x-business-use-case-usage": JSON.stringify(usage) },
    };
  }
  return {
    status: 503,
    body: {
      error: {
        message: "(#2) Service temporarily unavailable",
        type: "OAuthException",
        is_transient: true,
        code: 2,
        fbtrace_id,
      },
    },
  };
};

// What a sandbox Page says about itself before anyone edits it: the first Page is filled in, the second
// has only a few fields (unset ones are absent, as on Graph).
const seedOf = (account: SandboxAccount, n: number): Json =>
  n === 1
    ? {
        about: `${account.name}: news, offers and opening hours from our Main Street shop.`,
        description: "A family business since 2012. We post our weekly specials here every Monday.",
        mission: "Good food, fair prices, friendly service.",
        founded: "2012",
        website: "https://example.com https://shop.example.com",
        phone: "+1 217-555-0100",
        emails: ["hello@example.com"],
        price_range: "$$",
        company_overview: "Restaurant, bakery and catering.",
      }
    : { about: `${account.name}'s second Page.` };

const keyOf = (pageId: string) => `facebook:page:${pageId}`;

export const graphPageHost = (account: SandboxAccount, store: ConnectorStore): SimHost => {
  const pages = sandboxPages(account);
  return async (req) => {
    const match = /^\/v\d+\.\d+\/(\d+)$/.exec(req.url.pathname);
    const index = pages.findIndex((p) => p.externalId === match?.[1]);
    const page = pages[index];
    if (!match) return graphError(`(#100) The sandbox has no ${req.method} ${req.url.pathname}`);
    if (!page)
      return graphError(
        `Unsupported ${req.method.toLowerCase()} request. Object with ID '${match[1]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        100,
        33,
      );
    const key = keyOf(page.externalId!);
    const seed = seedOf(account, index + 1);
    if (req.method === "GET") {
      const asked = (req.url.searchParams.get("fields") ?? "id,name").split(",").map((f) => f.trim());
      const unknown = unreadablePageField(asked);
      if (unknown) return graphError(unknown);
      const fields = ((await store.get(key)) as Json | null) ?? seed;
      const node: Json = {
        id: page.externalId,
        name: page.name,
        category: page.metadata.category,
        username: page.metadata.username,
        link: `https://www.facebook.com/${String(page.metadata.username)}`,
        fan_count: page.metadata.fan_count,
        followers_count: Number(page.metadata.fan_count) + 12,
        ...fields,
      };
      return ok({
        ...Object.fromEntries(asked.filter((f) => node[f] !== undefined).map((f) => [f, node[f]])),
        id: page.externalId,
      });
    }
    if (req.method !== "POST") return graphError("(#100) Unsupported method");
    const write = pageWrite(req.form);
    if ("refused" in write) return graphError(write.refused);
    return store.update(key, (current) => ({
      value: writtenPage(((current as Json | null) ?? seed) as Json, write.values),
      result: ok({ success: true }),
    }));
  };
};
