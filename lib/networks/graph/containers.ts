import { z } from "zod";
import { NetworkError } from "../errors";
import type { ConnectorContext, NetworkConnector } from "../types";
import { graphRequest, graphUrl, type GraphCall } from "./request";

// The container protocol Instagram and Threads share (Instagram Graph API
// content publishing, Threads API publishing): POST /{user}/{media|threads} creates a container from media URLs Meta
// fetches itself, GET /{container}?fields=… reports its processing state, and POST
// /{user}/{media_publish|threads_publish} {creation_id} turns a FINISHED container into a post. Nothing is
// visible before the publish call, so a failure up to there leaves no post behind.

type Connector = Pick<NetworkConnector, "mapError" | "displayName">;
type Params = Record<string, string | number | boolean | undefined>;

export type ContainerApi = {
  connector: Connector;
  graphUrl: string; // the host's base URL
  version: string;
  userId: string; // the account's id, or "me"
  token: string;
  tokenIn?: GraphCall["tokenIn"];
  createEdge: "media" | "threads";
  publishEdge: "media_publish" | "threads_publish";
  statusFields: string; // Instagram: status_code,status; Threads: status,error_message
};

export type ContainerState = "FINISHED" | "IN_PROGRESS" | "ERROR" | "EXPIRED" | "PUBLISHED";

const ZId = z.object({ id: z.coerce.string() }).loose();
const ZStatus = z
  .object({
    id: z.coerce.string().optional(),
    status_code: z.string().optional(),
    status: z.string().optional(),
    error_message: z.string().optional(),
  })
  .loose();

const url = (api: ContainerApi, path: string) => graphUrl(api.graphUrl, api.version, path);
const auth = (api: ContainerApi) => ({ token: api.token, ...(api.tokenIn && { tokenIn: api.tokenIn }) });

// Instagram answers `status_code` (FINISHED, …) plus a human `status` ("Error: …"); Threads answers
// `status` (the code) plus `error_message`.
const stateOf = (answer: z.infer<typeof ZStatus>): { state: string; message: string | null } => ({
  state: (answer.status_code ?? answer.status ?? "IN_PROGRESS").toUpperCase(),
  message: answer.error_message ?? (answer.status_code ? (answer.status ?? null) : null),
});

export const createContainer = async (
  ctx: ConnectorContext<unknown>,
  api: ContainerApi,
  fields: Params,
): Promise<string> => {
  const { id } = await graphRequest(
    ctx,
    api.connector,
    { url: url(api, `${api.userId}/${api.createEdge}`), form: fields, ...auth(api) },
    ZId,
  );
  return id;
};

// Delays between status reads: 1 s, 2 s, 4 s, … capped at 15 s, about 10 minutes in all (videos take a
// while; images are usually FINISHED at the first read, which is made without waiting).
export const POLL_DELAYS_MS: readonly number[] = Array.from({ length: 45 }, (_, i) => Math.min(1000 * 2 ** i, 15_000));

export const sleeperOf = (ctx: { sleep?: (ms: number) => Promise<void> }) =>
  ctx.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

// Reads the container until it is FINISHED. ERROR and EXPIRED are refusals (the media could not be
// used; nothing was published). Still processing after the last read: nothing was published either, so
// the job may try again later with new containers.
export const waitForContainer = async (
  ctx: ConnectorContext<unknown>,
  api: ContainerApi,
  id: string,
): Promise<void> => {
  const sleep = sleeperOf(ctx);
  for (let attempt = 0; attempt <= POLL_DELAYS_MS.length; attempt++) {
    if (attempt > 0) await sleep(POLL_DELAYS_MS[attempt - 1]!);
    const answer = await graphRequest(
      ctx,
      api.connector,
      { url: url(api, id), query: { fields: api.statusFields }, ...auth(api) },
      ZStatus,
    );
    const { state, message } = stateOf(answer);
    if (state === "FINISHED" || state === "PUBLISHED") return;
    if (state === "ERROR" || state === "EXPIRED") {
      const text =
        message ??
        (state === "EXPIRED" ? "the container expired before it was published" : "the media could not be processed");
      throw new NetworkError("rejected", `${api.connector.displayName}: ${text} (container ${state})`, {
        platformErrorCode: state,
        platformErrorSubcode: null,
        platformErrorMessage: text,
      });
    }
  }
  throw new NetworkError(
    "rate_limited",
    `${api.connector.displayName} is still processing the media; try again later`,
    undefined,
    5 * 60_000,
  );
};

export const publishContainer = async (
  ctx: ConnectorContext<unknown>,
  api: ContainerApi,
  creationId: string,
): Promise<string> => {
  const { id } = await graphRequest(
    ctx,
    api.connector,
    { url: url(api, `${api.userId}/${api.publishEdge}`), form: { creation_id: creationId }, ...auth(api) },
    ZId,
  );
  return id;
};

// Creates every child container, waits for each, then the parent (a carousel, or the single item when
// `children` is empty), waits for it and publishes it. Returns the published media id.
export const publishWithContainers = async (
  ctx: ConnectorContext<unknown>,
  api: ContainerApi,
  { children, parent }: { children: Params[]; parent: (childIds: string[]) => Params },
): Promise<string> => {
  const childIds: string[] = [];
  for (const child of children) childIds.push(await createContainer(ctx, api, child));
  for (const id of childIds) await waitForContainer(ctx, api, id);
  const creationId = await createContainer(ctx, api, parent(childIds));
  await waitForContainer(ctx, api, creationId);
  return publishContainer(ctx, api, creationId);
};

// A node's permalink, read after publishing. The post exists by then: a failed read must not turn the
// publish into a failure, so it gives null.
export const readPermalink = async (
  ctx: { fetch: typeof fetch },
  call: Omit<GraphCall, "query"> & { connector: Connector },
  field: "permalink" | "permalink_url",
): Promise<string | null> => {
  try {
    const node = await graphRequest(
      ctx,
      call.connector,
      { ...call, query: { fields: field } },
      z.record(z.string(), z.unknown()),
    );
    const value = node[field];
    if (typeof value !== "string" || value === "") return null;
    return value.startsWith("/") ? `https://www.facebook.com${value}` : value;
  } catch {
    return null;
  }
};
