import type { SandboxAccount } from "../../sandbox/simulated";
import type { ConnectorStore } from "../../types";
import type { SimHost, SimReply, SimRequest } from "../../sandbox/management/wire";
import { actionTypes, createLink, createMedia, deleteMedia, listLinks, listMedia, patchOrDeleteLink } from "./extras";
import {
  foodMenus,
  getAttributes,
  getLocation,
  listAttributes,
  listCategories,
  patchAttributes,
  patchLocation,
  type Handled,
} from "./location";
import { badRequest, googleError, notFound } from "./resources";
import { accountIdOf, seededLocation, type LocationState } from "./seed";

// The sandbox's Google Business Profile hosts for one sandbox account: the real connector's listing
// calls (lib/networks/google_business/listing-*.ts) are answered here. A location's state is read
// from the profile's connector store (or its seed until the first edit); a write runs under the
// store's lock on the location and stores the state only when the call changed it.

type Route = { v1: string; run: (req: SimRequest, state: LocationState) => Handled };

const BI = "mybusinessbusinessinformation.googleapis.com";
const V4 = "mybusiness.googleapis.com";
const PLACE_ACTIONS = "mybusinessplaceactions.googleapis.com";

const keyOf = (v1: string) => `google_business:${v1}`;

const routeOf = (host: string, req: SimRequest, accountId: string): Route | SimReply => {
  const path = req.url.pathname;
  const m = (re: RegExp) => re.exec(path);
  const get = req.method === "GET";
  if (host === BI) {
    let r: RegExpExecArray | null;
    if ((r = m(/^\/v1\/(locations\/[^/]+)$/))) return { v1: r[1]!, run: get ? getLocation : patchLocation };
    if ((r = m(/^\/v1\/(locations\/[^/]+)\/attributes$/)))
      return { v1: r[1]!, run: get ? (_req, s) => getAttributes(s) : patchAttributes };
    if (path === "/v1/attributes") {
      const parent = req.url.searchParams.get("parent");
      return parent
        ? { v1: parent, run: listAttributes }
        : badRequest("parent", "The sandbox answers attributes.list for a location (parent) only");
    }
  }
  if (host === V4) {
    const r = m(/^\/v4\/accounts\/([^/]+)\/(locations\/[^/]+)\/(foodMenus|media)(?:\/([^/]+))?$/);
    if (r && r[1] === accountId) {
      const v4 = `accounts/${r[1]}/${r[2]}`;
      if (r[3] === "foodMenus" && !r[4]) return { v1: r[2]!, run: (q, s) => foodMenus(q, s, v4) };
      if (r[3] === "media" && !r[4]) return { v1: r[2]!, run: get ? listMedia : (q, s) => createMedia(q, s, v4) };
      if (r[3] === "media" && req.method === "DELETE")
        return { v1: r[2]!, run: (_q, s) => deleteMedia(s, `${v4}/media/${r[4]}`) };
    }
    if (r) return notFound();
  }
  if (host === PLACE_ACTIONS) {
    if (path === "/v1/placeActionTypeMetadata") {
      const location = /^location=(locations\/[^/\s]+)$/.exec(req.url.searchParams.get("filter") ?? "")?.[1];
      return location
        ? { v1: location, run: actionTypes }
        : badRequest(
            "filter",
            "The sandbox answers placeActionTypeMetadata.list for a location (filter=location=…) only",
          );
    }
    let r: RegExpExecArray | null;
    if ((r = m(/^\/v1\/(locations\/[^/]+)\/placeActionLinks$/)))
      return { v1: r[1]!, run: get ? listLinks : createLink };
    if ((r = m(/^\/v1\/((locations\/[^/]+)\/placeActionLinks\/[^/]+)$/))) {
      const name = r[1]!;
      return { v1: r[2]!, run: (q, s) => patchOrDeleteLink(q, s, name) };
    }
  }
  return googleError(404, "NOT_FOUND", `The sandbox has no ${req.method} ${path} on ${host}`);
};

const isRoute = (r: Route | SimReply): r is Route => "run" in r;

export const googleBusinessHosts = (account: SandboxAccount, store: ConnectorStore): Record<string, SimHost> => {
  const accountId = accountIdOf(account);
  const serve =
    (host: string): SimHost =>
    async (req) => {
      if (host === BI && req.method === "GET" && req.url.pathname === "/v1/categories") return listCategories(req);
      const route = routeOf(host, req, accountId);
      if (!isRoute(route)) return route;
      const seed = seededLocation(account, route.v1);
      if (!seed) return notFound();
      if (req.method === "GET") {
        const stored = (await store.get(keyOf(route.v1))) as LocationState | null;
        return route.run(req, stored ?? seed).reply;
      }
      return store.update(keyOf(route.v1), (current) => {
        const state = (current as LocationState | null) ?? seed;
        const { reply, changed } = route.run(req, state);
        return { ...(changed && { value: state }), result: reply };
      });
    };
  return { [BI]: serve(BI), [V4]: serve(V4), [PLACE_ACTIONS]: serve(PLACE_ACTIONS) };
};
