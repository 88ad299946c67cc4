import { ABOUT_MAX, PAGE_FIELDS, PAGE_UPDATABLE, PRICE_RANGES } from "@/lib/schemas/pages";

// Graph's Page node (Graph API reference, "Page"): the fields GET /{page-id}?fields=… reads (the API's
// page fields plus `picture`), the ones POST /{page-id} writes as form parameters, and how Graph checks
// such a write: (#100) for a parameter a Page does not take, no parameter at all, an `about` over 255
// characters, a `price_range` outside its values, `emails` that are not a JSON array of addresses. The
// sandbox's simulated Graph (sandbox/page.ts) and the tests' Graph fake both answer from this.

export const PAGE_READABLE: ReadonlySet<string> = new Set<string>([...PAGE_FIELDS, "picture"]);
const WRITABLE: ReadonlySet<string> = new Set<string>(PAGE_UPDATABLE);
const PRICE_RANGE_SET: ReadonlySet<string> = new Set<string>(PRICE_RANGES);
// Request plumbing Graph accepts on any call.
const PLUMBING = new Set(["access_token", "appsecret_proof", "method", "format", "suppress_http_code", "pretty"]);

export type PageFields = Record<string, unknown>;

// The first field asked for that a Page does not have, as Graph names it in its refusal.
export const unreadablePageField = (asked: string[]): string | undefined => {
  const unknown = asked.find((f) => !PAGE_READABLE.has(f));
  return unknown && `(#100) Tried accessing nonexisting field (${unknown}) on node type (Page)`;
};

const parsedEmails = (value: string): unknown => {
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
};

// A POST /{page-id} form as Graph takes it: the values to write (`emails` parsed), or Graph's message.
export const pageWrite = (form: Record<string, string>): { values: PageFields } | { refused: string } => {
  const params = Object.entries(form).filter(([k]) => !PLUMBING.has(k));
  const wrong = params.find(([k]) => !WRITABLE.has(k));
  if (wrong) return { refused: `(#100) Param ${wrong[0]} is not a valid parameter for this node` };
  if (params.length === 0) return { refused: "(#100) No fields to update" };
  const values: PageFields = Object.fromEntries(params);
  const { about, price_range, emails } = Object.fromEntries(params);
  if (about !== undefined && [...about].length > ABOUT_MAX)
    return { refused: `(#100) Param about must be at most ${ABOUT_MAX} characters long` };
  if (price_range !== undefined && !PRICE_RANGE_SET.has(price_range))
    return { refused: `(#100) Param price_range must be one of {${PRICE_RANGES.join(", ")}}` };
  if (emails !== undefined) {
    const list = parsedEmails(emails);
    if (!Array.isArray(list) || list.some((e) => typeof e !== "string" || !/^[^@\s]+@[^@\s]+$/.test(e)))
      return { refused: "(#100) Param emails must be an array of email addresses" };
    values.emails = list;
  }
  return { values };
};

// The Page's fields after a write: each value replaces the field; an empty one clears it.
export const writtenPage = (fields: PageFields, values: PageFields): PageFields => {
  const next = { ...fields };
  for (const [k, value] of Object.entries(values)) {
    if (value === "" || (Array.isArray(value) && value.length === 0)) delete next[k];
    else next[k] = value;
  }
  return next;
};
