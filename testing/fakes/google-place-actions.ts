import { googleApiError, type FakeGoogleUser, type Reply } from "./google-apis";
import { actionTypesFor, type Category } from "@/lib/networks/google_business/catalog";
import { linkIssue, newLink, patchedLink, preferOnly } from "@/lib/networks/google_business/place-action-links";
import { badRequest, check, unknownParam } from "./google-schemas";

// Place Actions v1 for the listing fake (google-listings.ts): placeActionTypeMetadata.list (what the
// location's category accepts) and placeActionLinks list / create / patch / delete, one preferred link
// per type, duplicates (same uri and type) ALREADY_EXISTS (lib/networks/google_business/place-action-links.ts,
// shared with the sandbox). Writes count against the edit quota.

type Req = { user: FakeGoogleUser; url: URL; json: unknown };
type Loc = Record<string, unknown> & { name: string };
type Deps = {
  find: (user: FakeGoogleUser, v1: string) => Loc | null;
  primaryOf: (l: Loc) => Category | undefined;
  edit: (location: string) => Reply | null;
  pageOf: <T>(items: T[], url: URL, key: string, byDefault: number, max: number) => Reply;
};

export const fakePlaceActions = ({ find, primaryOf, edit, pageOf }: Deps) => {
  const links = new Map<string, Record<string, unknown>[]>();
  const notFound = (): Reply => ({
    status: 404,
    body: googleApiError(404, "NOT_FOUND", "Requested entity was not found."),
  });
  const actionTypes = ({ user, url }: Req): Reply => {
    const q = url.searchParams;
    const refused = unknownParam(q, ["filter", "languageCode", "pageSize", "pageToken"]);
    if (refused) return refused;
    const filter = q.get("filter") ?? "";
    const byLocation = /^location=(locations\/[^/\s]+)$/.exec(filter)?.[1];
    if (filter && !byLocation && !/^region_code=[A-Z]{2}$/.test(filter))
      return badRequest("filter", "Unsupported filter");
    const location = byLocation ? find(user, byLocation) : null;
    if (byLocation && !location) return notFound();
    return pageOf(actionTypesFor(location ? primaryOf(location) : undefined), url, "placeActionTypeMetadata", 10, 100);
  };

  const listLinks = ({ user, url }: Req, v1: string): Reply => {
    const refused = unknownParam(url.searchParams, ["filter", "pageSize", "pageToken"]);
    if (refused) return refused;
    if (!find(user, v1)) return notFound();
    const type = /^place_action_type=([A-Z_]+)$/.exec(url.searchParams.get("filter") ?? "")?.[1];
    if (url.searchParams.get("filter") && !type) return badRequest("filter", "Unsupported filter");
    return pageOf(
      (links.get(v1) ?? []).filter((l) => !type || l.placeActionType === type),
      url,
      "placeActionLinks",
      10,
      100,
    );
  };

  const createLink = ({ user, url, json }: Req, v1: string): Reply => {
    const refused = unknownParam(url.searchParams, []);
    if (refused) return refused;
    const location = find(user, v1);
    if (!location) return notFound();
    const body = (json ?? {}) as Record<string, unknown>;
    const issue = check("PlaceActionLink", body, "place_action_link") ?? linkIssue(location, body, links.get(v1) ?? []);
    if (issue) return issue;
    const quota = edit(v1);
    if (quota) return quota;
    const link = newLink(v1, body);
    const list = [...(links.get(v1) ?? []), link];
    preferOnly(list, link);
    links.set(v1, list);
    return { status: 200, body: link };
  };

  const patchOrDeleteLink = ({ user, url, json }: Req, name: string, method: "PATCH" | "DELETE"): Reply => {
    const refused = unknownParam(url.searchParams, method === "PATCH" ? ["updateMask"] : []);
    if (refused) return refused;
    const v1 = name.split("/placeActionLinks/")[0]!;
    const location = find(user, v1);
    const list = links.get(v1) ?? [];
    const link = list.find((l) => l.name === name);
    if (!location || !link) return notFound();
    if (method === "DELETE") {
      const quota = edit(v1);
      if (quota) return quota;
      links.set(
        v1,
        list.filter((l) => l !== link),
      );
      return { status: 200, body: {} };
    }
    const body = (json ?? {}) as Record<string, unknown>;
    const patched = patchedLink(link, url.searchParams.get("updateMask"), body);
    if ("refused" in patched) return patched.refused;
    const { next } = patched;
    const issue =
      check("PlaceActionLink", body, "place_action_link") ??
      linkIssue(
        location,
        next,
        list.filter((l) => l !== link),
      );
    if (issue) return issue;
    const quota = edit(v1);
    if (quota) return quota;
    Object.assign(link, next, { updateTime: new Date().toISOString() });
    preferOnly(list, link);
    return { status: 200, body: link };
  };

  return { links, actionTypes, listLinks, createLink, patchOrDeleteLink };
};
