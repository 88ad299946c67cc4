import { expect, type APIRequestContext } from "@playwright/test";
import { connectSandboxOAuth } from "./sandbox-connect";
import { auth, createTenant } from "./tenant";

// The tenancy matrix (issue 11): operations come from the OpenAPI document, so an endpoint added to the
// contracts joins the matrix without editing the spec. An operation takes part when it has a path id or
// an id filter in its query; the collection in front of `{id}` says which seeded resource it gets.

type OpenApiParameter = { name: string; in: "path" | "query" | "header"; required?: boolean };
type OpenApiOperation = {
  operationId: string;
  parameters?: OpenApiParameter[];
  requestBody?: unknown;
  security?: Record<string, unknown>[];
};
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

export type Kind = "profile_group" | "profile" | "post" | "post_queue" | "webhook" | "api_key" | "chat" | "message";

// Collection in the path -> the resource its `{id}` names.
export const KIND_OF_COLLECTION: Record<string, Kind> = {
  profile_groups: "profile_group",
  profiles: "profile",
  posts: "post",
  post_queues: "post_queue",
  webhooks: "webhook",
  api_keys: "api_key",
  chats: "chat",
  messages: "message",
};

// Query parameters that filter by one of our ids -> the resource they name. Parameters ending in _id(s)
// that are not ours are listed as such; any other one fails the matrix until it is classified here.
export const KIND_OF_FILTER: Record<string, Kind | "not_a_tenant_id"> = {
  profile_group_id: "profile_group",
  post_ids: "post",
  profiles: "profile",
  profile_id: "profile",
  placement_id: "not_a_tenant_id", // the network's page/chat/location id, checked against the profile
  location_id: "not_a_tenant_id", // google_business: the network's location name, checked against the profile
  page_id: "not_a_tenant_id", // facebook: the network's page id, checked against the profile
};

// Profile endpoints of one network (/api/profiles/{id}/<segment>/...) run on a profile of that network.
const NETWORK_OF_SEGMENT: Record<string, string> = {
  google_business: "google_business",
  facebook: "facebook",
  resolve_mention: "linkedin",
  comments: "google_business",
  ice_breakers: "instagram",
};

export type MatrixCase = {
  operationId: string;
  network?: string; // the network of the profile in the path, when the endpoint belongs to one
  method: string;
  path: string; // template
  id?: { kind: Kind }; // the path id
  filter?: { name: string; kind: Kind };
  requiredQuery: string[];
  hasBody: boolean;
};

const isIdFilter = (name: string) => name.endsWith("_id") || name.endsWith("_ids") || name in KIND_OF_FILTER;

// Every API-key operation with a path id, and one case per id filter of each API-key operation.
export const matrixCases = (doc: OpenApiDocument): MatrixCase[] => {
  const cases: MatrixCase[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      if (!op.security?.some((s) => "bearerAuth" in s)) continue; // staff-session-only and public endpoints
      const params = op.parameters ?? [];
      const requiredQuery = params.filter((p) => p.in === "query" && p.required).map((p) => p.name);
      const network = path.startsWith("/api/profiles/{id}/") ? NETWORK_OF_SEGMENT[path.split("/")[4] ?? ""] : undefined;
      const base = {
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        requiredQuery,
        hasBody: Boolean(op.requestBody),
        ...(network && { network }),
      };
      const pathId = params.find((p) => p.in === "path");
      if (pathId) {
        const collection = path.split("/")[2] ?? "";
        const kind = KIND_OF_COLLECTION[collection];
        if (!kind)
          throw new Error(
            `${op.operationId}: no seeded resource for /api/${collection}/{id}; add one to e2e/support/tenancy.ts`,
          );
        cases.push({ ...base, id: { kind } });
      }
      for (const p of params.filter((q) => q.in === "query" && isIdFilter(q.name))) {
        const kind = KIND_OF_FILTER[p.name];
        if (!kind) throw new Error(`${op.operationId}: unclassified id filter "${p.name}"; add it to KIND_OF_FILTER`);
        if (kind === "not_a_tenant_id") continue;
        cases.push({ ...base, filter: { name: p.name, kind } });
      }
    }
  }
  return cases;
};

// Operations whose resource cannot be seeded through the API yet, so the owner's own GET cannot prove
// the id real: comments only come from the networks until comment writes and the sandbox audience
// (issue 13's later slices) exist. Their path still carries the post id, whose tenancy is compared.
export const OWNER_GET_UNPROVABLE = new Set(["getPostComment"]);

// A well-formed id that exists nowhere: same prefix and length as a real one.
export const missingIdLike = (id: string) =>
  `${id.slice(0, id.indexOf("_") + 1)}${"Z".repeat(id.length - id.indexOf("_") - 1)}`;

// Bodies that would pass validation for the owner, so the tenancy check (not the schema) answers.
export const BODIES: Record<string, unknown> = {
  updatePost: { post: { body: "hijacked" } },
  deletePostOnPlatform: {},
  publishPost: {},
  initializeConnection: { platform: "telegram", bot_token: "123456:ABCDEFGHIJKLMNOPQRSTUVWX" },
  updatePostQueue: { post_queue: { name: "hijacked" } },
  updateWebhook: { description: "hijacked" },
  createPost: { post: { body: "hijacked", draft: true }, profiles: [] },
  createPostQueue: { post_queue: { name: "hijacked" } },
  createApiKey: { name: "hijacked" },
  sendMessage: { body: "hijacked" },
  createChat: { participant_external_id: "434343" },
};

export type Seed = {
  owner: string; // tenant A's sandbox account key
  others: { label: string; token: string }[];
  ids: Record<Kind, string>;
  // Profiles of the networks that have endpoints of their own, and the query values those need (a
  // location, a page, a mention to resolve), all of tenant A.
  networkProfiles: Record<string, string>;
  networkQuery: Record<string, Record<string, string>>;
  secrets: string[]; // strings of A's data that no other principal may ever see
};

const json = async (res: Awaited<ReturnType<APIRequestContext["get"]>>, status: number) => {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as Record<string, unknown>;
};

// Tenant A (sandbox): two groups, profiles connected through the sandbox connection flow, a draft and a
// queued post, a queue, a webhook and a scoped key. The other principals: another account's key, A's
// live key, and a scoped key of A's second group.
export const seedTenantA = async (request: APIRequestContext): Promise<Seed> => {
  const a = createTenant();
  const b = createTenant();
  const owner = auth(a.sandbox);
  const post = (path: string, data: unknown, status = 200) =>
    request.post(path, { headers: owner, data: data as Record<string, unknown> }).then((r) => json(r, status));
  const mark = `tenancy-${Date.now()}`;
  const group = await post("/api/profile_groups", { name: `${mark} group` }, 201);
  const otherGroup = await post("/api/profile_groups", { name: `${mark} other group` }, 201);
  const connected = await post(`/api/profile_groups/${String(group.id)}/initialize_connection`, {
    platform: "bluesky",
    identifier: "tenancy.bsky.social",
    app_password: "abcd-efgh-ijkl-mnop",
  });
  const profileId = String((connected.profile as Record<string, unknown>).id);
  const queue = await post(
    "/api/post_queues",
    {
      profile_group_id: group.id,
      post_queue: { name: `${mark} queue`, queue_timeslots_attributes: [{ day: 1, time: "09:00" }] },
    },
    201,
  );
  const draft = await post("/api/posts", { post: { body: `${mark} draft`, draft: true }, profiles: [profileId] });
  await post("/api/posts", { post: { body: `${mark} queued` }, profiles: [profileId], queue_id: queue.id });
  const webhook = await post(
    "/api/webhooks",
    { url: `https://93.184.216.34/${mark}`, events: ["post.processed"], description: `${mark} hook` },
    201,
  );
  const key = await post("/api/api_keys", { profile_group_id: group.id, name: `${mark} key` }, 201);
  const otherGroupKey = await post(
    "/api/api_keys",
    { profile_group_id: otherGroup.id, name: `${mark} other key` },
    201,
  );
  const networkProfiles: Record<string, string> = {};
  for (const platform of ["google_business", "facebook", "linkedin", "instagram"])
    networkProfiles[platform] = await connectSandboxOAuth(request, {
      token: a.sandbox,
      groupId: String(group.id),
      platform,
      account: `Tenancy ${platform}`,
    });
  // A chat on a sandbox telegram profile: the simulated participant writes first (its message is the one
  // the matrix reads).
  const telegram = await post(`/api/profile_groups/${String(group.id)}/initialize_connection`, {
    platform: "telegram",
    bot_token: "123456:ABCDEFGHIJKLMNOPQRSTUVWX",
  });
  const chat = await post(`/api/profiles/${String((telegram.profile as Record<string, unknown>).id)}/chats`, {
    participant_external_id: "424242",
  });
  const messages = await json(await request.get(`/api/chats/${String(chat.id)}/messages`, { headers: owner }), 200);
  const message = (messages.data as { id: string }[])[0]!;
  const firstPlacement = async (profile: string) =>
    String(
      (
        (await json(await request.get(`/api/profiles/${profile}/placements`, { headers: owner }), 200)).data as {
          id: string;
        }[]
      )[0]!.id,
    );
  return {
    owner: a.sandbox,
    others: [
      { label: "another account", token: b.sandbox },
      { label: "the other environment", token: a.live },
      { label: "another group's scoped key", token: String(otherGroupKey.token) },
    ],
    ids: {
      profile_group: String(group.id),
      profile: profileId,
      post: String(draft.id),
      post_queue: String(queue.id),
      webhook: String(webhook.id),
      api_key: String(key.id),
      chat: String(chat.id),
      message: message.id,
    },
    networkProfiles,
    networkQuery: {
      google_business: { location_id: await firstPlacement(networkProfiles.google_business!), region_code: "US" },
      facebook: { page_id: await firstPlacement(networkProfiles.facebook!) },
      linkedin: { url: "https://www.linkedin.com/company/sandbox-acme" },
    },
    secrets: [mark, String(webhook.secret), String(key.token), "tenancy.bsky.social"],
  };
};
