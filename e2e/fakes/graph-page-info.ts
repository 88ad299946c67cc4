import { badParam, needScope, ok, type ContentState } from "./graph-content";
import { graphError, selectFields, type FakePage, type IssuedToken, type Reply } from "./graph-state";
import type { FakeRequest } from "./graph-oauth";

// A Page's own fields on the Graph fake: GET /{page-id}?fields=… and POST /{page-id} (the writable
// fields, pages_manage_metadata). Graph answers only fields the Page has set; it refuses a field a Page
// does not have ((#100) Tried accessing nonexisting field) and a parameter it does not take, an `about`
// over 255 characters, a `price_range` outside its values and `emails` that are not a JSON array of
// addresses.

const READABLE = new Set([
  "id",
  "name",
  "username",
  "link",
  "category",
  "fan_count",
  "followers_count",
  "about",
  "description",
  "general_info",
  "company_overview",
  "mission",
  "products",
  "founded",
  "website",
  "phone",
  "emails",
  "impressum",
  "price_range",
  "picture",
]);
const WRITABLE = new Set([
  "about",
  "description",
  "general_info",
  "company_overview",
  "mission",
  "products",
  "founded",
  "website",
  "phone",
  "emails",
  "impressum",
  "price_range",
]);
const PRICE_RANGES = new Set(["$", "$$", "$$$", "$$$$", "Unspecified"]);
// Request plumbing Graph accepts on any call.
const PLUMBING = new Set(["access_token", "appsecret_proof", "method", "format", "suppress_http_code", "pretty"]);

const info = new WeakMap<FakePage, Record<string, unknown>>();
export const pageInfoOf = (page: FakePage) => {
  let fields = info.get(page);
  if (!fields) info.set(page, (fields = {}));
  return fields;
};

const readPage = (content: ContentState, page: FakePage, req: FakeRequest): Reply => {
  const asked = (req.query.fields ?? "id,name").split(",").map((f) => f.trim().split("{")[0]!);
  const unknown = asked.find((f) => !READABLE.has(f));
  if (unknown) return badParam(`(#100) Tried accessing nonexisting field (${unknown}) on node type (Page)`);
  const node = {
    id: page.id,
    name: page.name,
    category: page.category,
    link: `https://www.facebook.com/${page.username ?? page.id}`,
    ...(page.username && { username: page.username }),
    fan_count: content.metric(page.id, "fan_count"),
    followers_count: content.metric(page.id, "followers_count"),
    ...pageInfoOf(page),
  };
  return ok({ ...selectFields(node, req.query.fields, "id,name"), id: page.id }); // Graph always answers the node's id
};

const writePage = (page: FakePage, token: IssuedToken, req: FakeRequest): Reply => {
  const missing = needScope(token, "pages_manage_metadata");
  if (missing) return missing;
  const params = Object.entries(req.form).filter(([k]) => !PLUMBING.has(k));
  const unknown = params.find(([k]) => !WRITABLE.has(k));
  if (unknown) return badParam(`(#100) Param ${unknown[0]} is not a valid parameter for this node`);
  if (params.length === 0) return badParam("(#100) No fields to update");
  const values = Object.fromEntries(params);
  if (values.about !== undefined && [...values.about].length > 255)
    return badParam("(#100) Param about must be at most 255 characters long");
  if (values.price_range !== undefined && !PRICE_RANGES.has(values.price_range))
    return badParam("(#100) Param price_range must be one of {$, $$, $$$, $$$$, Unspecified}");
  let emails: unknown;
  if (values.emails !== undefined) {
    try {
      emails = JSON.parse(values.emails);
    } catch {
      emails = null;
    }
    if (!Array.isArray(emails) || emails.some((e) => typeof e !== "string" || !/^[^@\s]+@[^@\s]+$/.test(e)))
      return badParam("(#100) Param emails must be an array of email addresses");
  }
  const fields = pageInfoOf(page);
  for (const [k, v] of Object.entries(values)) {
    const value = k === "emails" ? emails : v;
    if (value === "" || (Array.isArray(value) && value.length === 0)) delete fields[k];
    else fields[k] = value;
  }
  return ok({ success: true });
};

// The Page node itself (no edge): its fields, or an update of them.
export const pageNode = (content: ContentState, page: FakePage, token: IssuedToken, req: FakeRequest): Reply | null => {
  if (req.method === "GET") return readPage(content, page, req);
  if (req.method === "POST") return writePage(page, token, req);
  return graphError(400, { message: "(#100) Unsupported method", code: 100 });
};
