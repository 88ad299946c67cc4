import { NetworkError } from "../errors";
import type { ProfileAuth, PublishInput, PublishMedia, PublishResult } from "../types";
import { networkApiUrl, readJson } from "../http";
import { pinterestApi, pinterestErrors, type PinterestCtx } from "./api";
import type { PinterestPostParams } from "./post-rules";

// Pins (Pinterest API v5): POST /v5/pins to the board (the placement, else params.board_id) with
// title, description (the body), link, alt_text and a media_source: image_url for one image,
// multiple_image_urls for a carousel of 2 to 5, or video_id for a video. Pinterest fetches images from
// our hosted URLs itself. A video is registered first (POST /v5/media), its bytes are POSTed as a
// multipart form with the returned upload_parameters to upload_url (S3, no bearer token), and
// GET /v5/media/{id} is polled until `succeeded`; the cover is cover_url, else the frame at thumb_offset
// (Pinterest counts whole seconds), else the first frame. Pinterest has no idempotency key or caller
// reference: a read-back matches the board's newest pins on their text, link and media kind.

const POLL_INTERVAL_MS = 3_000;
const MAX_POLLS = 100; // five minutes
const READ_BACK_WINDOW_MS = 24 * 3600 * 1000;
const READ_BACK_PAGE = 50;
const READ_BACK_PAGES = 4;

export const pinUrl = (id: string) => `https://www.pinterest.com/pin/${id}/`;

const paramsOf = (input: PublishInput) => input.params as PinterestPostParams;
const boardOf = (input: PublishInput) => {
  const board = input.placement?.externalId ?? paramsOf(input).board_id;
  if (!board) throw new NetworkError("rejected", "Pinterest needs a board to pin to (board_id)");
  return board;
};

type MediaUpload = { media_id?: string; upload_url?: string; upload_parameters?: Record<string, string> };

const uploadVideo = async (ctx: PinterestCtx, auth: ProfileAuth, media: PublishMedia): Promise<string> => {
  const registered = await pinterestApi<MediaUpload>(ctx, auth, "/v5/media", {
    method: "POST",
    body: { media_type: "video" },
  });
  if (!registered?.media_id || !registered.upload_url)
    throw new NetworkError("outcome_unknown", "Pinterest registered the video without an upload URL");
  const form = new FormData();
  for (const [key, value] of Object.entries(registered.upload_parameters ?? {})) form.append(key, value);
  form.append(
    "file",
    new Blob([(await media.read()) as Uint8Array<ArrayBuffer>], { type: media.contentType }),
    "video",
  ); // S3 wants the file last
  // the upload URL Pinterest's POST /v5/media answered (its S3 bucket): our bytes go there, nothing is read
  const res = await ctx.fetch(networkApiUrl(registered.upload_url), { method: "POST", body: form });
  if (!res.ok) {
    // S3's XML error: only its Code and Message (other elements can echo the signed policy).
    const xml = await res.text();
    const code = /<Code>([^<]{1,100})<\/Code>/.exec(xml)?.[1] ?? String(res.status);
    const message = /<Message>([^<]{1,300})<\/Message>/.exec(xml)?.[1] ?? null;
    throw new NetworkError(
      res.status >= 500 ? "outcome_unknown" : "rejected",
      `Pinterest's media upload answered ${res.status} ${code}${message ? `: ${message}` : ""}`,
      {
        platformErrorCode: code,
        platformErrorSubcode: null,
        platformErrorMessage: message,
      },
    );
  }
  await res.body?.cancel();
  const sleep = ctx.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  for (let i = 0; i < MAX_POLLS; i++) {
    const status = await pinterestApi<{ status?: string }>(
      ctx,
      auth,
      `/v5/media/${encodeURIComponent(registered.media_id)}`,
    );
    if (status?.status === "succeeded") return registered.media_id;
    if (status?.status === "failed") {
      throw new NetworkError("rejected", "Pinterest could not process the video", {
        platformErrorCode: "failed",
        platformErrorSubcode: null,
        platformErrorMessage: "media upload failed",
      });
    }
    await sleep(POLL_INTERVAL_MS);
  }
  throw new NetworkError(
    "outcome_unknown",
    `Pinterest was still processing video ${registered.media_id} after ${(MAX_POLLS * POLL_INTERVAL_MS) / 1000} s`,
  );
};

const mediaSource = async (ctx: PinterestCtx, input: PublishInput) => {
  const params = paramsOf(input);
  const video = input.media.find((m) => m.kind === "video");
  if (video) {
    const media_id = await uploadVideo(ctx, input.auth, video);
    if (params.cover_url) return { source_type: "video_id", media_id, cover_image_url: params.cover_url };
    return {
      source_type: "video_id",
      media_id,
      cover_image_key_frame_time: Math.floor(Number(params.thumb_offset ?? 0) / 1000),
    };
  }
  if (input.media.length === 1) return { source_type: "image_url", url: input.media[0]!.url };
  return { source_type: "multiple_image_urls", items: input.media.map((m) => ({ url: m.url })), index: 0 };
};

type Pin = {
  id?: string;
  created_at?: string;
  title?: string | null;
  description?: string | null;
  link?: string | null;
  media?: { media_type?: string };
};

export const publish = async (ctx: PinterestCtx, input: PublishInput): Promise<PublishResult> => {
  const params = paramsOf(input);
  const alt = Array.isArray(params.alt_text) ? params.alt_text[0] : params.alt_text;
  const pin = {
    board_id: boardOf(input),
    ...(params.board_section_id && { board_section_id: params.board_section_id }),
    ...(params.title && { title: params.title }),
    ...(input.body.trim() && { description: input.body }),
    ...(params.link && { link: params.link }),
    ...(alt && { alt_text: alt }),
    media_source: await mediaSource(ctx, input),
  };
  const created = await pinterestApi<Pin>(ctx, input.auth, "/v5/pins", { method: "POST", body: pin });
  if (!created?.id) throw new NetworkError("outcome_unknown", "Pinterest created the pin without returning its id");
  return { externalId: created.id, url: pinUrl(created.id) };
};

const mediaTypeOf = (input: PublishInput) =>
  input.media.some((m) => m.kind === "video") ? "video" : input.media.length > 1 ? "multiple_images" : "image";
const same = (a: string | null | undefined, b: string | undefined) => (a ?? "") === (b ?? "");

// created_at is UTC without a zone designator ("2026-10-01T08:12:44").
const createdAt = (pin: Pin) =>
  Date.parse(/(?:[zZ]|[+-]\d\d:\d\d)$/.test(pin.created_at ?? "") ? pin.created_at! : `${pin.created_at ?? ""}Z`);

const matches = (pin: Pin, input: PublishInput, since: number) => {
  const params = paramsOf(input);
  if (!(createdAt(pin) >= since)) return false;
  if (
    !same(pin.description, input.body.trim() ? input.body : undefined) ||
    !same(pin.title, params.title) ||
    !same(pin.link, params.link)
  )
    return false;
  return !pin.media?.media_type || pin.media.media_type === mediaTypeOf(input);
};

// The board's newest pins (GET /v5/boards/{id}/pins, newest first) of the last day: the pin with the same
// description, title, link and media kind; null once the board's pins run out or get older than that.
export const findPublished = async (ctx: PinterestCtx, input: PublishInput): Promise<PublishResult | null> => {
  const board = boardOf(input);
  const since = Date.now() - READ_BACK_WINDOW_MS;
  let bookmark: string | null = null;
  for (let page = 0; page < READ_BACK_PAGES; page++) {
    const query: Record<string, string> = { page_size: String(READ_BACK_PAGE), ...(bookmark && { bookmark }) };
    let body: { items?: Pin[]; bookmark?: string | null };
    try {
      body = await pinterestApi(ctx, input.auth, `/v5/boards/${encodeURIComponent(board)}/pins`, { query });
    } catch (err) {
      if (err instanceof NetworkError && err.kind === "rejected")
        throw new NetworkError(
          "outcome_unknown",
          `Pinterest did not list the board's pins (${err.message})`,
          err.details,
        );
      throw err;
    }
    const items = body?.items ?? [];
    const found = items.find((pin) => pin.id && matches(pin, input, since));
    if (found?.id) return { externalId: found.id, url: pinUrl(found.id) };
    const older = items.length > 0 && items.every((pin) => createdAt(pin) < since);
    if (!body?.bookmark || older) return null;
    bookmark = body.bookmark;
  }
  throw new NetworkError(
    "outcome_unknown",
    `The board has more than ${READ_BACK_PAGE * READ_BACK_PAGES} pins from the last day; the pin could not be told apart`,
  );
};

// DELETE /v5/pins/{pin_id} with the profile's token: 204 No Content. A 404 means the pin is already gone.
export const deletePublished = async (
  ctx: PinterestCtx,
  input: { auth: ProfileAuth; externalId: string },
): Promise<void> => {
  if (!input.auth.tokens) throw new NetworkError("auth_expired", "Pinterest profile has no access token");
  const url = `${ctx.settings.api_url.replace(/\/+$/, "")}/v5/pins/${encodeURIComponent(input.externalId)}`;
  const res = await ctx.fetch(url, {
    method: "DELETE",
    headers: { authorization: `Bearer ${input.auth.tokens.accessToken}` },
  });
  if (res.status === 404) return void (await res.body?.cancel());
  await readJson(pinterestErrors, res);
};
