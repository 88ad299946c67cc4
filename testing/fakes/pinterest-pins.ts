import type { IncomingMessage, ServerResponse } from "node:http";
import { send, type FakeReply } from "./support";

// The Pinterest fake's publishing and analytics side, from Pinterest's OpenAPI description (v5): POST /pins
// with its media_source variants and field limits, GET /boards/{id}/pins (newest first, bookmark
// paging), video uploads (POST /media -> multipart POST of upload_parameters + file to the S3 upload_url
// -> GET /media/{id}: registered, processing, succeeded), GET /pins/{id}/analytics (start_date at most 90
// days back; summary and lifetime metrics), GET /user_account/analytics (business accounts only) and
// DELETE /pins/{id} (204; 404 for a pin it does not have, including one already deleted; 403 for a pin
// on a board the account cannot see).

export type PinterestFakePin = {
  id: string;
  created_at: string; // UTC, no zone designator, as Pinterest writes it
  board_id: string;
  board_section_id: string | null;
  title: string | null;
  description: string | null;
  link: string | null;
  alt_text: string | null;
  media: { media_type: "image" | "video" | "multiple_images" };
  media_source: Record<string, unknown>;
};
export type PinterestFakeMedia = {
  media_id: string;
  key: string;
  status: "registered" | "processing" | "succeeded" | "failed";
  polls: number;
  bytes: Buffer | null;
  fields: Record<string, string>;
};

type Ctx = { url: string; scopes: string[]; boardIds: () => string[]; accountType: () => string };
const error = (status: number, code: number, message: string): FakeReply => ({ status, body: { code, message } });
const invalid = (message: string) => error(400, 1, message);

const readBytes = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

const daysAgo = (date: string) => (Date.now() - Date.parse(`${date}T00:00:00Z`)) / 86_400_000;

export const pinterestPins = () => {
  const state = {
    pins: [] as PinterestFakePin[],
    media: new Map<string, PinterestFakeMedia>(),
    pinRequests: [] as Record<string, unknown>[],
    deletedPins: [] as PinterestFakePin[], // removed from `pins` by DELETE /v5/pins/{id}
    uploadRequests: [] as { authorization: string | undefined; fieldOrder: string[] }[],
    analyticsRequests: [] as URLSearchParams[],
    processingPolls: 1,
    failProcessingNext: false,
    pinMetrics: {
      IMPRESSION: 1520,
      OUTBOUND_CLICK: 31,
      PIN_CLICK: 88,
      SAVE: 45,
      SAVE_RATE: 0.0296,
      USER_FOLLOW: 2,
      PROFILE_VISIT: 9,
    } as Record<string, number>,
    lifetimeMetrics: { TOTAL_COMMENTS: 6, TOTAL_REACTIONS: 23 } as Record<string, number>,
    accountMetrics: {
      IMPRESSION: 40210,
      ENGAGEMENT: 1833,
      ENGAGEMENT_RATE: 0.0456,
      OUTBOUND_CLICK: 402,
      PIN_CLICK: 1204,
      SAVE: 377,
    } as Record<string, number>,
  };
  let seq = 813_000_000_000_000_000n;
  const next = () => (seq += 1n).toString();

  const sourceProblem = (source: Record<string, unknown> | undefined): string | null => {
    if (!source) return "media_source is required";
    if (source.source_type === "image_url")
      return typeof source.url === "string" ? null : "media_source.url is required";
    if (source.source_type === "multiple_image_urls") {
      const items = source.items as { url?: unknown }[] | undefined;
      return Array.isArray(items) &&
        items.length >= 2 &&
        items.length <= 5 &&
        items.every((i) => typeof i.url === "string")
        ? null
        : "media_source.items must hold 2 to 5 images with a url";
    }
    if (source.source_type === "video_id") {
      const media = state.media.get(String(source.media_id));
      if (media?.status !== "succeeded") return `media_id ${String(source.media_id)} is not a processed video`;
      const frame = source.cover_image_key_frame_time;
      return source.cover_image_url !== undefined || (Number.isInteger(frame) && (frame as number) >= 0)
        ? null
        : "a cover_image_url or cover_image_key_frame_time is required";
    }
    return `Unsupported source_type ${String(source.source_type)}`;
  };

  const createPin = (res: ServerResponse, ctx: Ctx, body: Record<string, unknown>) => {
    state.pinRequests.push(body);
    if (!ctx.scopes.includes("pins:write") || !ctx.scopes.includes("boards:read"))
      return send(res, error(401, 3, "Your token does not have sufficient permissions to perform this operation."));
    if (typeof body.board_id !== "string" || !ctx.boardIds().includes(body.board_id))
      return send(res, error(404, 404, "Board not found."));
    for (const [field, max] of [
      ["title", 100],
      ["description", 800],
      ["link", 2048],
      ["alt_text", 500],
    ] as const) {
      const value = body[field];
      if (value !== undefined && value !== null && (typeof value !== "string" || value.length > max))
        return send(res, invalid(`${field} must be a string of at most ${max} characters`));
    }
    const source = body.media_source as Record<string, unknown> | undefined;
    const problem = sourceProblem(source);
    if (problem) return send(res, invalid(problem));
    const media_type =
      source!.source_type === "video_id"
        ? "video"
        : source!.source_type === "multiple_image_urls"
          ? "multiple_images"
          : "image";
    const pin: PinterestFakePin = {
      id: next(),
      created_at: new Date().toISOString().slice(0, 19),
      board_id: body.board_id,
      board_section_id: (body.board_section_id as string) ?? null,
      title: (body.title as string) ?? null,
      description: (body.description as string) ?? null,
      link: (body.link as string) ?? null,
      alt_text: (body.alt_text as string) ?? null,
      media: { media_type },
      media_source: source!,
    };
    state.pins.push(pin);
    const { media_source: _source, ...shown } = pin;
    send(res, {
      status: 201,
      body: {
        ...shown,
        creative_type: media_type === "video" ? "VIDEO" : media_type === "multiple_images" ? "CAROUSEL" : "REGULAR",
        is_owner: true,
      },
    });
  };

  const boardPins = (res: ServerResponse, ctx: Ctx, board: string, query: URLSearchParams) => {
    if (!ctx.scopes.includes("pins:read"))
      return send(res, error(401, 3, "Your token does not have sufficient permissions to perform this operation."));
    if (!ctx.boardIds().includes(board)) return send(res, error(404, 404, "Board not found."));
    const pageSize = Number(query.get("page_size") ?? 25);
    const start = query.get("bookmark") ? Number(Buffer.from(query.get("bookmark")!, "base64url").toString()) : 0;
    const pins = state.pins
      .filter((p) => p.board_id === board)
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
    const items = pins.slice(start, start + pageSize).map(({ media_source: _s, ...pin }) => pin);
    send(res, {
      status: 200,
      body: {
        items,
        bookmark: start + pageSize < pins.length ? Buffer.from(String(start + pageSize)).toString("base64url") : null,
      },
    });
  };

  const register = (res: ServerResponse, ctx: Ctx, body: Record<string, unknown>) => {
    if (body.media_type !== "video") return send(res, invalid("media_type must be video"));
    const media_id = next();
    const key = `uploads/3a/9f/${media_id}:video:${next()}`;
    const fields = {
      "x-amz-date": "20261001T081244Z",
      "x-amz-signature": "fcd6309a6aaee2",
      "x-amz-security-token": "IQoJb3JpZ2lu",
      "x-amz-algorithm": "AWS4-HMAC-SHA256",
      key,
      policy: "eyJleHBpcmF0aW9uIjoi",
      "x-amz-credential": "ASIA6Q/20261001/us-east-1/s3/aws4_request",
      "Content-Type": "multipart/form-data",
    };
    state.media.set(media_id, { media_id, key, status: "registered", polls: 0, bytes: null, fields });
    send(res, {
      status: 201,
      body: {
        media_id,
        media_type: "video",
        upload_url: `${ctx.url}/pinterest-media-upload/`,
        upload_parameters: fields,
      },
    });
  };

  // The S3 form upload: every upload parameter, then `file`; S3 answers 204 with no body.
  const s3Upload = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBytes(req);
    const form = await new Request("http://s3.local/", {
      method: "POST",
      headers: { "content-type": req.headers["content-type"] ?? "" },
      body: new Uint8Array(raw),
    })
      .formData()
      .catch(() => null);
    const fieldOrder = form ? [...form.keys()] : [];
    state.uploadRequests.push({ authorization: req.headers.authorization, fieldOrder });
    const media = [...state.media.values()].find((m) => m.key === form?.get("key"));
    const file = form?.get("file");
    if (
      !media ||
      !(file instanceof Blob) ||
      fieldOrder.at(-1) !== "file" ||
      Object.entries(media.fields).some(([k, v]) => form!.get(k) !== v)
    ) {
      res.writeHead(400, { "content-type": "application/xml" });
      return res.end("<Error><Code>InvalidArgument</Code><Message>Bad form upload</Message></Error>");
    }
    if (req.headers.authorization) {
      res.writeHead(400, { "content-type": "application/xml" });
      return res.end("<Error><Code>InvalidArgument</Code><Message>Only one auth mechanism allowed</Message></Error>");
    }
    media.bytes = Buffer.from(await file.arrayBuffer());
    media.status = "processing";
    res.writeHead(204);
    res.end();
  };

  const mediaStatus = (res: ServerResponse, id: string) => {
    const media = state.media.get(id);
    if (!media) return send(res, error(404, 404, "Media not found."));
    if (media.status === "processing" && media.polls++ >= state.processingPolls) {
      media.status = state.failProcessingNext ? "failed" : "succeeded";
      state.failProcessingNext = false;
    }
    send(res, { status: 200, body: { media_id: media.media_id, media_type: "video", status: media.status } });
  };

  const analytics = (
    res: ServerResponse,
    query: URLSearchParams,
    metrics: Record<string, number>,
    lifetime?: Record<string, number>,
  ) => {
    state.analyticsRequests.push(query);
    const start = query.get("start_date");
    const end = query.get("end_date");
    if (!start || !end || daysAgo(start) > 90 || start > end)
      return send(
        res,
        invalid("Invalid analytics parameters: start_date must be within the last 90 days and before end_date."),
      );
    const wanted = query.get("metric_types")?.split(",");
    const pick = (m: Record<string, number>) =>
      Object.fromEntries(Object.entries(m).filter(([k]) => !wanted || wanted.includes(k)));
    send(res, {
      status: 200,
      body: {
        all: {
          daily_metrics: [{ date: end, data_status: "READY", metrics: pick(metrics) }],
          summary_metrics: pick(metrics),
          ...(lifetime && { lifetime_metrics: pick(lifetime) }),
        },
      },
    });
  };

  const deletePin = (res: ServerResponse, ctx: Ctx, id: string) => {
    if (!ctx.scopes.includes("pins:write") || !ctx.scopes.includes("boards:read"))
      return send(res, error(401, 3, "Your token does not have sufficient permissions to perform this operation."));
    const index = state.pins.findIndex((p) => p.id === id);
    if (index < 0) return send(res, error(404, 404, "Pin not found."));
    if (!ctx.boardIds().includes(state.pins[index]!.board_id))
      return send(res, error(403, 29, "You are not permitted to access that resource."));
    state.deletedPins.push(...state.pins.splice(index, 1));
    send(res, { status: 204 });
  };

  // Authenticated /v5 routes. False: not ours.
  const handle = (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    ctx: Ctx,
    body: () => Promise<Record<string, unknown>>,
  ): boolean => {
    const route = `${req.method} ${url.pathname}`;
    if (route === "POST /v5/pins") return (void body().then((b) => createPin(res, ctx, b)), true);
    if (route === "POST /v5/media") return (void body().then((b) => register(res, ctx, b)), true);
    const board = /^\/v5\/boards\/([^/]+)\/pins$/.exec(url.pathname)?.[1];
    if (req.method === "GET" && board) return (boardPins(res, ctx, decodeURIComponent(board), url.searchParams), true);
    const media = /^\/v5\/media\/(\d+)$/.exec(url.pathname)?.[1];
    if (req.method === "GET" && media) return (mediaStatus(res, media), true);
    const deleted = /^\/v5\/pins\/([^/]+)$/.exec(url.pathname)?.[1];
    if (req.method === "DELETE" && deleted) return (deletePin(res, ctx, decodeURIComponent(deleted)), true);
    const pin = /^\/v5\/pins\/(\d+)\/analytics$/.exec(url.pathname)?.[1];
    if (req.method === "GET" && pin) {
      if (!state.pins.some((p) => p.id === pin)) return (send(res, error(404, 404, "Pin not found.")), true);
      if (!url.searchParams.get("metric_types")) return (send(res, invalid("metric_types is required")), true);
      return (analytics(res, url.searchParams, state.pinMetrics, state.lifetimeMetrics), true);
    }
    if (route === "GET /v5/user_account/analytics") {
      if (ctx.accountType() !== "BUSINESS")
        return (send(res, error(403, 403, "Not authorized to access the user account analytics.")), true);
      return (analytics(res, url.searchParams, state.accountMetrics), true);
    }
    return false;
  };

  return { state, handle, s3Upload };
};
