import { z } from "zod";
import { NetworkError } from "../errors";
import { googleDelete, googleJson, isRecent, pollUntil, readBack, rejected, sameText, withQuery } from "../google/api";
import type { ConnectorContext, PublishInput, PublishResult } from "../types";
import { ZGoogleBusinessPostParams, type GoogleBusinessPostParams } from "./post-rules";

// Posting to a location through the My Business v4 API ({mybusiness_url} = …/v4). The location is the
// placement's `accounts/{a}/locations/{l}` (else params.location_id).
// - standard / event / offer: POST {mybusiness_url}/{location}/localPosts with languageCode, summary
//   (the body), topicType STANDARD|EVENT|OFFER, callToAction {actionType, url}, event {title,
//   schedule {startDate, startTime, endDate, endTime}} (events and offers; whole days without times),
//   offer {couponCode, redeemOnlineUrl, termsConditions}, media [{mediaFormat: PHOTO, sourceUrl}] with
//   our hosted copy (Google fetches it). A post that comes back PROCESSING is read again
//   (GET {mybusiness_url}/{post name}) until LIVE, at most STATE_POLLS times; REJECTED fails the
//   publish. The permalink is the post's searchUrl.
// - photo: POST {mybusiness_url}/{location}/media {mediaFormat: PHOTO, locationAssociation: {category:
//   ADDITIONAL}, sourceUrl}: a gallery photo; the body is not used. The permalink is its googleUrl.
//
// findPublished: neither resource takes a client reference. Local posts: the location's localPosts
// (newest first) matched on topic, summary, event title and a createTime within READ_BACK_WINDOW_MS.
// Photos: the location's media matched on sourceUrl, our unguessable hosted URL (when Google does not
// echo sourceUrl, the photo cannot be recognised: outcome_unknown).
//
// deletePublished: DELETE {mybusiness_url}/{name}, the name publish returned: the local post
// (…/localPosts/{id}, localPosts.delete) or, for the photo format, the media item (…/media/{id},
// media.delete). Both answer 200 with an empty object; a 404 (already deleted) counts as deleted.

export type GoogleBusinessPublishSettings = { mybusiness_url: string };
type Ctx = ConnectorContext<GoogleBusinessPublishSettings>;

const LOCATION = /^accounts\/[^/]+\/locations\/[^/]+$/;
const STATE_POLLS = 10;
const STATE_INTERVAL_MS = 3_000;
const READ_BACK_PAGES = 5;

const v4 = (ctx: Ctx, name: string) => `${ctx.settings.mybusiness_url.replace(/\/+$/, "")}/${name}`;

const paramsOf = (input: PublishInput): GoogleBusinessPostParams => {
  const parsed = ZGoogleBusinessPostParams.safeParse(input.params);
  if (!parsed.success)
    throw rejected(
      `Invalid Google Business parameters: ${parsed.error.issues.map((i) => i.message).join("; ")}`,
      "invalid_params",
    );
  return parsed.data;
};

export const locationOf = (input: {
  placement: PublishInput["placement"];
  params: Record<string, unknown>;
}): string => {
  const id =
    input.placement?.externalId ?? (typeof input.params.location_id === "string" ? input.params.location_id : null);
  if (!id || !LOCATION.test(id))
    throw rejected(
      "Google Business posts need a location (accounts/{account}/locations/{location})",
      "location_required",
    );
  return id;
};

const date = (d: string) => {
  const [year, month, day] = d.split("-").map(Number);
  return { year, month, day };
};
const time = (t: string) => {
  const [hours, minutes] = t.split(":").map(Number);
  return { hours, minutes, seconds: 0, nanos: 0 };
};

// The LocalPost resource for the standard, event and offer formats.
export const localPostOf = (p: GoogleBusinessPostParams, body: string, imageUrl: string | null) => {
  const scheduled = p.format === "event" || p.format === "offer";
  const offer = {
    couponCode: p.offer_coupon_code,
    redeemOnlineUrl: p.offer_redeem_url,
    termsConditions: p.offer_terms,
  };
  return {
    languageCode: p.language_code ?? "en",
    ...(body.trim() && { summary: body }),
    topicType: p.format.toUpperCase(),
    ...(p.cta_action_type && { callToAction: { actionType: p.cta_action_type, ...(p.cta_url && { url: p.cta_url }) } }),
    ...(scheduled && {
      event: {
        title: p.event_title,
        schedule: {
          startDate: date(p.event_start_date!),
          ...(p.event_start_time && { startTime: time(p.event_start_time) }),
          endDate: date(p.event_end_date!),
          ...(p.event_end_time && { endTime: time(p.event_end_time) }),
        },
      },
    }),
    ...(p.format === "offer" &&
      Object.values(offer).some(Boolean) && { offer: Object.fromEntries(Object.entries(offer).filter(([, v]) => v)) }),
    ...(imageUrl && { media: [{ mediaFormat: "PHOTO", sourceUrl: imageUrl }] }),
  };
};

const ZLocalPost = z.object({
  name: z.string().min(1),
  summary: z.string().optional(),
  topicType: z.string().optional(),
  state: z.string().optional(),
  searchUrl: z.string().optional(),
  createTime: z.string().optional(),
  event: z.object({ title: z.string().optional() }).optional(),
});
type LocalPost = z.infer<typeof ZLocalPost>;
const ZMediaItem = z.object({
  name: z.string().min(1),
  sourceUrl: z.string().optional(),
  googleUrl: z.string().optional(),
  createTime: z.string().optional(),
});

const imageOf = (input: PublishInput) => input.media.find((m) => m.kind === "image") ?? input.media[0] ?? null;

const publishPhoto = async (ctx: Ctx, input: PublishInput, location: string): Promise<PublishResult> => {
  const image = imageOf(input);
  if (!image) throw rejected("A Google Business photo post needs one image", "media_required");
  const item = await googleJson(ctx, v4(ctx, `${location}/media`), input.auth, {
    method: "POST",
    json: { mediaFormat: "PHOTO", locationAssociation: { category: "ADDITIONAL" }, sourceUrl: image.url },
    schema: ZMediaItem,
    what: "media.create",
  });
  return { externalId: item.name, url: item.googleUrl ?? null };
};

const resultOf = (post: LocalPost): PublishResult => ({ externalId: post.name, url: post.searchUrl ?? null });

export const publishLocalPost = async (ctx: Ctx, input: PublishInput): Promise<PublishResult> => {
  const params = paramsOf(input);
  const location = locationOf(input);
  if (params.format === "photo") return publishPhoto(ctx, input, location);
  const json = localPostOf(params, input.body, imageOf(input)?.url ?? null);
  let post = await googleJson(ctx, v4(ctx, `${location}/localPosts`), input.auth, {
    method: "POST",
    json,
    schema: ZLocalPost,
    what: "localPosts.create",
  });
  if (post.state !== "LIVE" && post.state !== "REJECTED") {
    const read = () => googleJson(ctx, v4(ctx, post.name), input.auth, { schema: ZLocalPost, what: "localPosts.get" });
    post =
      (await pollUntil(
        ctx,
        { attempts: STATE_POLLS, intervalMs: STATE_INTERVAL_MS },
        read,
        (p) => p.state === "LIVE" || p.state === "REJECTED",
      )) ?? post;
  }
  if (post.state === "REJECTED")
    throw rejected(
      "Google rejected the post (it breaks the Business Profile content policy)",
      "REJECTED",
      "localPost.state",
    );
  return resultOf(post);
};

const ZLocalPosts = z.object({ localPosts: z.array(ZLocalPost).optional(), nextPageToken: z.string().optional() });
const ZMediaItems = z.object({ mediaItems: z.array(ZMediaItem).optional(), nextPageToken: z.string().optional() });

// Pages through a list (Google gives the newest first) until `found` matches, a whole page is older
// than the window, or pages run out.
const scan = async <T>(
  fetchPage: (pageToken: string | undefined) => Promise<{ items: T[]; next: string | undefined }>,
  found: (items: T[]) => PublishResult | null,
  passedWindow: (items: T[]) => boolean,
): Promise<PublishResult | null> => {
  let token: string | undefined;
  for (let page = 0; page < READ_BACK_PAGES; page++) {
    const { items, next } = await fetchPage(token);
    const match = found(items);
    if (match) return match;
    if (!next || passedWindow(items)) return null;
    token = next;
  }
  throw new NetworkError(
    "outcome_unknown",
    "Too many recent items on the location to tell whether the post was published",
  );
};

export const findPublishedLocalPost = (ctx: Ctx, input: PublishInput): Promise<PublishResult | null> =>
  readBack("post", async () => {
    const params = paramsOf(input);
    const location = locationOf(input);
    if (params.format === "photo") {
      const image = imageOf(input);
      if (!image) return null;
      return scan(
        async (pageToken) => {
          const page = await googleJson(
            ctx,
            withQuery(v4(ctx, `${location}/media`), { pageSize: "100", pageToken }),
            input.auth,
            { schema: ZMediaItems, what: "media.list" },
          );
          const items = page.mediaItems ?? [];
          if (items.length > 0 && items.every((i) => i.sourceUrl === undefined))
            throw new NetworkError("outcome_unknown", "Google does not show the photos' source URLs");
          return { items, next: page.nextPageToken };
        },
        (items) => {
          const item = items.find((i) => i.sourceUrl === image.url);
          return item ? { externalId: item.name, url: item.googleUrl ?? null } : null;
        },
        (items) => items.length > 0 && items.every((i) => i.createTime !== undefined && !isRecent(i.createTime)),
      );
    }
    const topic = params.format.toUpperCase();
    return scan(
      async (pageToken) => {
        const page = await googleJson(
          ctx,
          withQuery(v4(ctx, `${location}/localPosts`), { pageSize: "100", pageToken }),
          input.auth,
          {
            schema: ZLocalPosts,
            what: "localPosts.list",
          },
        );
        return { items: page.localPosts ?? [], next: page.nextPageToken };
      },
      (items) => {
        const match = items
          .filter(
            (p) => (p.topicType ?? "STANDARD") === topic && sameText(p.summary, input.body) && isRecent(p.createTime),
          )
          .filter((p) => topic === "STANDARD" || sameText(p.event?.title, params.event_title))
          .sort((a, b) => Date.parse(b.createTime!) - Date.parse(a.createTime!))[0];
        return match ? resultOf(match) : null;
      },
      (items) => items.length > 0 && items.every((p) => !isRecent(p.createTime)),
    );
  });

const PUBLISHED_NAME = /^accounts\/[^/?#]+\/locations\/[^/?#]+\/(localPosts|media)\/[^/?#]+$/;

export const deletePublishedLocalPost = async (
  ctx: Ctx,
  input: { auth: PublishInput["auth"]; externalId: string },
): Promise<void> => {
  if (!PUBLISHED_NAME.test(input.externalId)) {
    throw rejected(
      "Not a Google Business post or photo name (accounts/{a}/locations/{l}/localPosts/{p} or …/media/{m})",
      "invalid_id",
    );
  }
  await googleDelete(ctx, v4(ctx, input.externalId), input.auth);
};
