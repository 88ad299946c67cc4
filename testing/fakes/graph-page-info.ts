import { badParam, needScope, ok, type ContentState } from "./graph-content";
import { graphError, selectFields, type FakePage, type IssuedToken, type Reply } from "./graph-state";
import type { FakeRequest } from "./graph-oauth";
import { pageWrite, unreadablePageField, writtenPage } from "@/lib/networks/facebook/page-fields";

// A Page's own fields on the Graph fake: GET /{page-id}?fields=… and POST /{page-id} (the writable
// fields, pages_manage_metadata). Graph answers only fields the Page has set; what it refuses is
// lib/networks/facebook/page-fields.ts, shared with the sandbox's simulated Graph.

const info = new WeakMap<FakePage, Record<string, unknown>>();
export const pageInfoOf = (page: FakePage) => {
  let fields = info.get(page);
  if (!fields) info.set(page, (fields = {}));
  return fields;
};

const readPage = (content: ContentState, page: FakePage, req: FakeRequest): Reply => {
  const asked = (req.query.fields ?? "id,name").split(",").map((f) => f.trim().split("{")[0]!);
  const unknown = unreadablePageField(asked);
  if (unknown) return badParam(unknown);
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
  const write = pageWrite(req.form);
  if ("refused" in write) return badParam(write.refused);
  info.set(page, writtenPage(pageInfoOf(page), write.values));
  return ok({ success: true });
};

// The Page node itself (no edge): its fields, or an update of them.
export const pageNode = (content: ContentState, page: FakePage, token: IssuedToken, req: FakeRequest): Reply | null => {
  if (req.method === "GET") return readPage(content, page, req);
  if (req.method === "POST") return writePage(page, token, req);
  return graphError(400, { message: "(#100) Unsupported method", code: 100 });
};
