import { randomBytes } from "node:crypto";
import type { FakeReply } from "./support";

// State of the Graph core fake (testing/fakes/graph.ts): apps, the accounts people consent with, single-use
// authorization codes and the tokens issued from them, plus the Graph conventions every route shares
// (the error object, field selection, cursor paging).

export type Family = "facebook" | "instagram" | "threads"; // whose app ids and tokens (whatsapp runs on facebook apps)
export type Reply = FakeReply;

export type GraphErrorInit = {
  message: string;
  code: number;
  type?: string;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
};

export const graphError = (status: number, e: GraphErrorInit, headers?: Record<string, string>): Reply => ({
  status,
  body: { error: { type: "OAuthException", ...e, fbtrace_id: `A${randomBytes(8).toString("base64url")}` } },
  ...(headers && { headers }),
});

export type FakePage = {
  id: string;
  name: string;
  category: string;
  username?: string;
  pictureUrl?: string;
  withoutToken?: boolean;
};
export type FakePhoneNumber = {
  id: string;
  display_phone_number: string;
  verified_name: string;
  quality_rating: string;
  messaging_limit_tier: string;
  name_status: string;
  status: string;
  platform_type: string;
  is_official_business_account: boolean;
  throughput: { level: string };
};
export type FakeWaba = {
  id: string;
  name: string;
  currency?: string;
  timezone_id?: string;
  message_template_namespace?: string;
  phoneNumbers: FakePhoneNumber[];
};
export type FakeBusiness = { id: string; name: string; wabas: FakeWaba[] };
export type FakeFacebookUser = {
  id: string;
  name: string;
  pictureUrl?: string;
  pages?: FakePage[];
  businesses?: FakeBusiness[];
};
export type FakeInstagramUser = {
  id: string;
  user_id: string;
  username: string;
  name?: string;
  account_type?: string;
  profile_picture_url?: string;
};
// Someone who commented on an Instagram account's media, as the User Profile API describes them
// (GET /{instagram-scoped id} with the account's token).
export type FakeInstagramCommenter = {
  id: string;
  username: string;
  name?: string;
  follower_count: number;
  is_verified_user: boolean;
  is_user_follow_business: boolean;
  is_business_follow_user: boolean;
};
export type FakeThreadsUser = {
  id: string;
  username: string;
  name?: string;
  threads_profile_picture_url?: string;
  threads_biography?: string;
};

export type TokenKind = "user_short" | "user_long" | "page" | "business";
export type IssuedToken = {
  value: string;
  family: Family;
  kind: TokenKind;
  clientId: string;
  userId: string;
  pageId?: string;
  scopes: string[];
  wabaIds?: string[]; // business tokens: the WhatsApp Business Accounts shared in Embedded Signup
  granular: boolean;
  issuedAt: number;
  expiresAt: number | null; // ms; null: never
};
export type AuthCode = {
  family: Family;
  clientId: string;
  redirectUri: string;
  userId: string;
  scopes: string[];
  wabaIds?: string[];
  granular: boolean;
  business: boolean; // Facebook Login for Business (config_id): gives a business integration token
  used: boolean;
  expiresAt: number;
};

const PREFIX: Record<Family, string> = { facebook: "EAA", instagram: "IGAA", threads: "THAA" };
const HOUR = 3600_000;
export const LIFETIME_S: Record<Exclude<TokenKind, "page" | "business">, number> = {
  user_short: 3600,
  user_long: 5_184_000,
};
export const DATA_ACCESS_MS = 90 * 24 * HOUR;

export class GraphState {
  apps = new Map<string, { family: Family; secret: string }>();
  facebookUsers = new Map<string, FakeFacebookUser>();
  instagramUsers = new Map<string, FakeInstagramUser>();
  instagramCommenters = new Map<string, FakeInstagramCommenter>();
  threadsUsers = new Map<string, FakeThreadsUser>();
  consenting: Partial<Record<Family, string>> = {};
  tokens = new Map<string, IssuedToken>();
  codes = new Map<string, AuthCode>();
  revoked = new Map<string, number>(); // token -> the 190 subcode it now answers (460, 458, …)
  clockOffsetMs = 0;

  now = () => Date.now() + this.clockOffsetMs;

  usersOf(family: Family): Map<string, { id: string }> {
    return family === "facebook"
      ? this.facebookUsers
      : family === "instagram"
        ? this.instagramUsers
        : this.threadsUsers;
  }

  issue(init: Omit<IssuedToken, "value" | "issuedAt" | "expiresAt"> & { lifetimeS: number | null }): IssuedToken {
    const { lifetimeS, ...rest } = init;
    const token: IssuedToken = {
      ...rest,
      value: `${PREFIX[init.family]}${randomBytes(24).toString("base64url")}`,
      issuedAt: this.now(),
      expiresAt: lifetimeS === null ? null : this.now() + lifetimeS * 1000,
    };
    this.tokens.set(token.value, token);
    return token;
  }

  newCode(code: Omit<AuthCode, "used" | "expiresAt">): string {
    const value = `AQ${randomBytes(18).toString("base64url")}`;
    this.codes.set(value, { ...code, used: false, expiresAt: this.now() + 10 * 60_000 });
    return value;
  }

  // A page token, one per user token and page (derived from a long-lived user token: no expiry).
  pageToken(user: IssuedToken, pageId: string): string {
    const existing = [...this.tokens.values()].find(
      (t) => t.kind === "page" && t.userId === user.userId && t.pageId === pageId && t.clientId === user.clientId,
    );
    if (existing) return existing.value;
    return this.issue({
      ...user,
      kind: "page",
      pageId,
      lifetimeS: user.kind === "user_long" ? null : LIFETIME_S.user_short,
    }).value;
  }

  wabasOf(userId: string): FakeWaba[] {
    return (this.facebookUsers.get(userId)?.businesses ?? []).flatMap((b) => b.wabas);
  }

  findWaba(id: string): FakeWaba | undefined {
    for (const user of this.facebookUsers.values())
      for (const b of user.businesses ?? []) for (const w of b.wabas) if (w.id === id) return w;
    return undefined;
  }
  findPhoneNumber(id: string): { waba: FakeWaba; phone: FakePhoneNumber } | undefined {
    for (const user of this.facebookUsers.values())
      for (const b of user.businesses ?? [])
        for (const waba of b.wabas) for (const phone of waba.phoneNumbers) if (phone.id === id) return { waba, phone };
    return undefined;
  }
}

// `fields=id,name,picture{url},owned_whatsapp_business_accounts{id,name}` as a tree.
type FieldSpec = { name: string; children?: FieldSpec[] };

export const parseFields = (text: string): FieldSpec[] => {
  let i = 0;
  const list = (): FieldSpec[] => {
    const out: FieldSpec[] = [];
    while (i < text.length && text[i] !== "}") {
      let name = "";
      while (i < text.length && !",{}".includes(text[i]!)) name += text[i++];
      const spec: FieldSpec = { name: name.trim() };
      if (text[i] === "{") {
        i++;
        spec.children = list();
        i++; // "}"
      }
      if (spec.name) out.push(spec);
      if (text[i] === ",") i++;
    }
    return out;
  };
  return list();
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const pick = (obj: Record<string, unknown>, specs: FieldSpec[]): Record<string, unknown> =>
  Object.fromEntries(
    specs
      .filter((s) => obj[s.name] !== undefined)
      .map((s) => [s.name, s.children ? nested(obj[s.name], s.children) : obj[s.name]]),
  );

const nested = (value: unknown, children: FieldSpec[]): unknown => {
  if (isObject(value) && Array.isArray(value.data))
    return { ...value, data: value.data.map((x) => (isObject(x) ? pick(x, children) : x)) };
  if (isObject(value) && isObject(value.data)) return { data: pick(value.data, children) };
  return isObject(value) ? pick(value, children) : value;
};

// Graph answers only the fields asked for (`fields=`), or the node's default fields.
export const selectFields = (
  obj: Record<string, unknown>,
  fields: string | undefined,
  defaults: string,
): Record<string, unknown> => pick(obj, parseFields(fields || defaults));

// Cursor paging over an edge: {data, paging:{cursors:{before,after}, next?}}.
export const paged = (items: Record<string, unknown>[], query: Record<string, string>, selfUrl: string) => {
  const limit = Math.min(Math.max(Number(query.limit) || 25, 1), 100);
  const start = query.after ? Number(Buffer.from(query.after, "base64url").toString()) + 1 : 0;
  const data = items.slice(start, start + limit);
  const cursor = (n: number) => Buffer.from(String(n)).toString("base64url");
  const hasMore = start + limit < items.length;
  const next = new URL(selfUrl);
  next.searchParams.set("after", cursor(start + data.length - 1));
  return {
    data,
    ...(data.length > 0 && {
      paging: {
        cursors: { before: cursor(start), after: cursor(start + data.length - 1) },
        ...(hasMore && { next: next.toString() }),
      },
    }),
  };
};
