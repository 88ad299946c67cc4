import type { PublishInput, PublishMedia, PublishResult } from "../types";
import { publishWithContainers, readPermalink } from "../graph/containers";
import { altTextAt, isVideo, postComment, requireMedia } from "../graph/media";
import { FIND_WINDOW_MS, matchCandidate, parseGraphTime, readRecent, str, type Candidate } from "../graph/readback";
import { graphUrl, requireToken } from "../graph/request";
import type { InstagramParams } from "./post-rules";
import { igContainers, igUserOf, instagramApi, type Ctx } from "./settings";

// Publishing on Instagram (Instagram Graph API content publishing: containers, status, publish): a container per item
// on POST /{ig-id}/media, polled on status_code until FINISHED, then POST /{ig-id}/media_publish.
//  - post, one image: {image_url, caption, alt_text, user_tags, collaborators}
//  - post, one video: published as a reel shared to the feed (Instagram takes feed videos only as
//    REELS): {media_type=REELS, video_url, share_to_feed=true, caption, user_tags, collaborators}
//  - post, 2-10 items: children {is_carousel_item=true, image_url | media_type=VIDEO + video_url,
//    alt_text, user_tags of that slide}, then {media_type=CAROUSEL, children, caption, collaborators}
//  - reel: {media_type=REELS, video_url, caption, share_to_feed, cover_url, thumb_offset (without a
//    cover), audio_name, collaborators, user_tags, trial_params={graduation_strategy}}
//  - story: {media_type=STORIES, image_url | video_url, user_tags}; no caption
// User tags: images carry x/y; videos and reels are tagged by username only.

type Params = Partial<InstagramParams>;
type Fields = Record<string, string | number | boolean | undefined>;

const paramsOf = (input: PublishInput) => input.params as Params;
const text = (body: string) => (body.trim() === "" ? undefined : body);
const json = (value: unknown[] | undefined) => (value && value.length > 0 ? JSON.stringify(value) : undefined);

const userTags = (params: Params, index: number, withCoordinates: boolean) =>
  json(
    (params.user_tags ?? [])
      .filter((tag) => (tag.media_index ?? 0) === index)
      .map((tag) =>
        withCoordinates && tag.x !== undefined && tag.y !== undefined
          ? { username: tag.username, x: tag.x, y: tag.y }
          : { username: tag.username },
      ),
  );

// A cover given as an uploaded file reaches us as a reference; only a URL can be passed on.
const coverUrl = (params: Params) =>
  params.cover_url ??
  (typeof params.cover_file === "string" && /^https?:\/\//.test(params.cover_file) ? params.cover_file : undefined);

const item = (media: PublishMedia, index: number, params: Params): Fields =>
  isVideo(media)
    ? { media_type: "VIDEO", video_url: media.url, user_tags: userTags(params, index, false) }
    : { image_url: media.url, alt_text: altTextAt(params.alt_text, index), user_tags: userTags(params, index, true) };

// A reel, or a feed video (published as a reel shared to the feed, without the reel-only parameters).
const reelFields = (video: PublishMedia, input: PublishInput, reel: boolean): Fields => {
  const params = paramsOf(input);
  const cover = coverUrl(params);
  const trial =
    reel && params.trial_strategy
      ? { trial_params: JSON.stringify({ graduation_strategy: params.trial_strategy }) }
      : { share_to_feed: true };
  return {
    media_type: "REELS",
    video_url: video.url,
    caption: text(input.body),
    ...trial,
    ...(reel && {
      cover_url: cover,
      thumb_offset: cover ? undefined : params.thumb_offset,
      audio_name: params.audio_name,
    }),
    collaborators: json(params.collaborators),
    user_tags: userTags(params, 0, false),
  };
};

const containerFields = (input: PublishInput): { children: Fields[]; parent: (ids: string[]) => Fields } => {
  const params = paramsOf(input);
  const format = params.format ?? "post";
  const first = requireMedia("Instagram", input.media, `a ${format}`);
  if (format === "story") {
    const media = isVideo(first) ? { video_url: first.url } : { image_url: first.url };
    return {
      children: [],
      parent: () => ({ media_type: "STORIES", ...media, user_tags: userTags(params, 0, !isVideo(first)) }),
    };
  }
  if (format === "reel") return { children: [], parent: () => reelFields(first, input, true) };
  const collaborators = json(params.collaborators);
  if (input.media.length > 1) {
    return {
      children: input.media.map((media, i) => ({ ...item(media, i, params), is_carousel_item: true })),
      parent: (ids) => ({ media_type: "CAROUSEL", children: ids.join(","), caption: text(input.body), collaborators }),
    };
  }
  if (isVideo(first)) return { children: [], parent: () => reelFields(first, input, false) };
  return { children: [], parent: () => ({ ...item(first, 0, params), caption: text(input.body), collaborators }) };
};

const mediaUrl = (ctx: Ctx, path: string) => graphUrl(ctx.settings.graph_url, ctx.settings.api_version, path);

export const publishInstagram = async (ctx: Ctx, input: PublishInput): Promise<PublishResult> => {
  const api = igContainers(ctx, input.auth);
  const mediaId = await publishWithContainers(ctx, api, containerFields(input));
  return {
    externalId: mediaId,
    url: await readPermalink(
      ctx,
      { connector: instagramApi, url: mediaUrl(ctx, mediaId), token: api.token },
      "permalink",
    ),
  };
};

const expectedType = (input: PublishInput) => {
  if (input.media.length > 1 && (paramsOf(input).format ?? "post") === "post") return "CAROUSEL_ALBUM";
  return input.media[0] && isVideo(input.media[0]) ? "VIDEO" : "IMAGE";
};

// The read-back: the account's recent media (or live stories, which have no caption) of the same kind,
// matched on the caption.
export const findInstagramPost = async (ctx: Ctx, input: PublishInput): Promise<PublishResult | null> => {
  const story = paramsOf(input).format === "story";
  const since = Date.now() - FIND_WINDOW_MS;
  const items = await readRecent(
    ctx,
    instagramApi,
    {
      url: mediaUrl(ctx, `${igUserOf(input.auth)}/${story ? "stories" : "media"}`),
      query: { fields: "id,caption,media_type,media_product_type,timestamp,permalink" },
      token: requireToken(input.auth),
    },
    { since, timeOf: (m) => parseGraphTime(str(m.timestamp)) },
  );
  const expected = expectedType(input);
  const candidates: Candidate[] = items.map((m) => ({
    id: str(m.id) ?? "",
    text: story ? null : str(m.caption),
    createdAt: parseGraphTime(str(m.timestamp)),
    url: str(m.permalink),
    kindMatches: str(m.media_type) === expected,
  }));
  return matchCandidate(instagramApi, candidates, story ? "" : input.body, since);
};

// POST /{ig-media-id}/comments {message}.
export const createInstagramComment = (ctx: Ctx, input: PublishInput & { postExternalId: string; body: string }) =>
  postComment(
    ctx,
    instagramApi,
    { url: mediaUrl(ctx, `${input.postExternalId}/comments`), token: requireToken(input.auth) },
    input.body,
  );
