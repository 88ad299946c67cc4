import { z } from "zod";
import { NetworkError } from "../errors";
import type { NetworkConnector, PublishResult } from "../types";
import { graphRequest, type GraphCall } from "./request";

// The read-back after an unknown publish outcome (findPublished) on the Meta networks. None of them takes
// a client reference or an idempotency key, so a post is recognised by what it says: the same text,
// published on the same target within a recent window, of a matching kind. Lists are read newest first
// and only as far back as the window.

// How far back a post counts as "ours": the read-back runs minutes after the attempt (a retry after a
// timeout, or the recovery of a crashed job), well within this.
export const FIND_WINDOW_MS = 6 * 3600_000;

type Connector = Pick<NetworkConnector, "mapError" | "displayName">;

export type Candidate = {
  id: string;
  text: string | null | undefined;
  createdAt: number | null;
  url: string | null;
  kindMatches: boolean;
};

// Graph timestamps: ISO 8601 (Facebook writes offsets as `+0000`) or unix seconds.
export const parseGraphTime = (value: string | number | undefined | null): number | null => {
  if (value === undefined || value === null) return null;
  if (typeof value === "number") return value * 1000;
  if (/^\d+$/.test(value)) return Number(value) * 1000; // unix seconds (Page stories' creation_time)
  const at = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return Number.isNaN(at) ? null : at;
};

const normalise = (text: string | null | undefined) => (text ?? "").replace(/\r\n?/g, "\n").trim();

const ZPage = z.object({
  data: z.array(z.record(z.string(), z.unknown())),
  paging: z
    .object({ cursors: z.object({ after: z.string().optional() }).loose().optional(), next: z.string().optional() })
    .loose()
    .optional(),
});

// Reads an edge newest first until its items are older than `since` (at most `maxPages` pages). Reaching
// the page limit while items are still recent means the answer is incomplete: cannot tell.
export const readRecent = async (
  ctx: { fetch: typeof fetch },
  connector: Connector,
  call: GraphCall,
  {
    since,
    timeOf,
    maxPages = 4,
    pageSize = 50,
  }: { since: number; timeOf: (item: Record<string, unknown>) => number | null; maxPages?: number; pageSize?: number },
): Promise<Record<string, unknown>[]> => {
  const out: Record<string, unknown>[] = [];
  let after: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const { data, paging } = await graphRequest(
      ctx,
      connector,
      { ...call, query: { ...call.query, limit: pageSize, after } },
      ZPage,
    );
    for (const item of data) {
      const at = timeOf(item);
      if (at !== null && at < since) return out;
      out.push(item);
    }
    after = paging?.cursors?.after;
    if (!paging?.next || !after) return out;
  }
  throw new NetworkError(
    "outcome_unknown",
    `${connector.displayName}: too many recent posts to tell whether the post was published`,
  );
};

// The recent candidate with the same text and kind. Without a text to compare (media-only posts,
// stories), only an empty window is certain: any recent post of the kind may be ours.
export const matchCandidate = (
  connector: Connector,
  candidates: Candidate[],
  body: string,
  since: number,
): PublishResult | null => {
  const recent = candidates.filter((c) => c.kindMatches && (c.createdAt === null || c.createdAt >= since));
  const text = normalise(body);
  if (text === "") {
    if (recent.length === 0) return null;
    throw new NetworkError(
      "outcome_unknown",
      `${connector.displayName}: a recent post without text exists; cannot tell whether it is this one`,
    );
  }
  const hit = recent.find((c) => normalise(c.text) === text);
  return hit ? { externalId: hit.id, url: hit.url } : null;
};

export const str = (value: unknown): string | null =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : null;
