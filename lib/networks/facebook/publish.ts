import { z } from "zod";
import type { PublishingMethods, PublishInput, PublishResult } from "../types";
import { readPermalink } from "../graph/containers";
import { deleteGraphNode } from "../graph/delete";
import { altTextAt, isVideo, postComment, requireMedia } from "../graph/media";
import { FIND_WINDOW_MS, matchCandidate, parseGraphTime, readRecent, str, type Candidate } from "../graph/readback";
import { graphUrl } from "../graph/request";
import { pageCall, pageOf, type Ctx, type Page } from "./page";
import type { FacebookParams } from "./post-rules";
import { facebookApi, type FacebookSettings } from "./settings";
import { finishSession, uploadSession, waitForVideo } from "./video";

// Publishing to a Facebook Page (Graph API Pages), always with the Page token:
//  - post, text or link: POST /{page-id}/feed {message, link, targeting}
//  - post, one image: POST /{page-id}/photos {url, caption, alt_text_custom, targeting} -> {id, post_id}
//  - post, several images: each POST /{page-id}/photos {url, published=false}, then /feed with
//    attached_media[i]={"media_fbid": …}
//  - post, video: POST graph-video…/{page-id}/videos {file_url, description, targeting}
//  - reel: video_reels start -> rupload (file_url header) -> finish (video_state=PUBLISHED, description, title)
//  - story: an unpublished photo then /photo_stories {photo_id}, or video_stories start -> rupload -> finish
// `countries` becomes the post's audience restriction (`targeting.geo_locations.countries`), set once.
// `made_with_ai: true` on image posts is refused by the post rules (post-rules.ts): Graph has no parameter for it.

const ZId = z.object({ id: z.coerce.string() }).loose();
const ZPhoto = z.object({ id: z.coerce.string(), post_id: z.coerce.string().optional() }).loose();
const ZStory = z.object({ success: z.boolean().optional(), post_id: z.coerce.string() }).loose();

const paramsOf = (input: PublishInput) => input.params as Partial<FacebookParams>;
const text = (body: string) => (body.trim() === "" ? undefined : body);

const targetingOf = (params: Partial<FacebookParams>) =>
  params.countries && params.countries.length > 0
    ? JSON.stringify({ geo_locations: { countries: params.countries } })
    : undefined;

const permalink = async (ctx: Ctx, page: Page, id: string, fallback: string | null) =>
  (await readPermalink(
    ctx,
    {
      connector: facebookApi,
      url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, id),
      token: page.token,
      appSecret: ctx.settings.client_secret,
    },
    "permalink_url",
  )) ?? fallback;

const feedUrl = (postId: string) => {
  const [pageId, post] = postId.split("_");
  return post ? `https://www.facebook.com/${pageId}/posts/${post}` : `https://www.facebook.com/${postId}`;
};

const publishPost = async (ctx: Ctx, page: Page, input: PublishInput): Promise<PublishResult> => {
  const params = paramsOf(input);
  const targeting = targetingOf(params);
  const [first] = input.media;
  if (first && isVideo(first)) {
    const { id } = await pageCall(ctx, page, `${page.id}/videos`, ZId, {
      host: ctx.settings.video_url,
      form: { file_url: first.url, description: text(input.body), targeting },
    });
    return { externalId: id, url: await permalink(ctx, page, id, `https://www.facebook.com/${page.id}/videos/${id}`) };
  }
  if (input.media.length === 1 && first) {
    const photo = await pageCall(ctx, page, `${page.id}/photos`, ZPhoto, {
      form: {
        url: first.url,
        caption: text(input.body),
        alt_text_custom: altTextAt(params.alt_text, 0),
        targeting,
        published: true,
      },
    });
    const postId = photo.post_id ?? photo.id;
    return { externalId: postId, url: await permalink(ctx, page, postId, feedUrl(postId)) };
  }
  const attached: Record<string, string> = {};
  for (const [i, media] of input.media.entries()) {
    const photo = await pageCall(ctx, page, `${page.id}/photos`, ZPhoto, {
      form: { url: media.url, published: false, alt_text_custom: altTextAt(params.alt_text, i) },
    });
    attached[`attached_media[${i}]`] = JSON.stringify({ media_fbid: photo.id });
  }
  const { id } = await pageCall(ctx, page, `${page.id}/feed`, ZId, {
    form: { message: text(input.body), ...(input.media.length === 0 && { link: params.link }), ...attached, targeting },
  });
  return { externalId: id, url: await permalink(ctx, page, id, feedUrl(id)) };
};

const publishReel = async (ctx: Ctx, page: Page, input: PublishInput): Promise<PublishResult> => {
  const video = requireMedia("Facebook", input.media, "a reel");
  const videoId = await uploadSession(ctx, page, "video_reels", video);
  await finishSession(ctx, page, "video_reels", {
    video_id: videoId,
    video_state: "PUBLISHED",
    description: text(input.body),
    title: paramsOf(input).title,
  });
  await waitForVideo(ctx, page, videoId);
  return { externalId: videoId, url: `https://www.facebook.com/reel/${videoId}` };
};

// Stories take no caption; the body is ignored. Their ids are post ids without a public permalink.
const publishStory = async (ctx: Ctx, page: Page, input: PublishInput): Promise<PublishResult> => {
  const media = requireMedia("Facebook", input.media, "a story");
  if (isVideo(media)) {
    const videoId = await uploadSession(ctx, page, "video_stories", media);
    const done = await finishSession(ctx, page, "video_stories", { video_id: videoId });
    return { externalId: done.post_id ?? videoId, url: null };
  }
  const photo = await pageCall(ctx, page, `${page.id}/photos`, ZPhoto, { form: { url: media.url, published: false } });
  const story = await pageCall(ctx, page, `${page.id}/photo_stories`, ZStory, { form: { photo_id: photo.id } });
  return { externalId: story.post_id, url: null };
};

export const publishFacebook = async (ctx: Ctx, input: PublishInput): Promise<PublishResult> => {
  const page = pageOf(input.placement);
  const format = paramsOf(input).format ?? "post";
  if (format === "reel") return publishReel(ctx, page, input);
  if (format === "story") return publishStory(ctx, page, input);
  return publishPost(ctx, page, input);
};

// The read-back: the Page's own recent posts of the kind the publish would have made, matched on the
// text (feed posts: `message`; videos and reels: `description`). Stories have no text: only "no recent
// story" is certain.
export const findFacebookPost = async (ctx: Ctx, input: PublishInput): Promise<PublishResult | null> => {
  const page = pageOf(input.placement);
  const format = paramsOf(input).format ?? "post";
  const since = Date.now() - FIND_WINDOW_MS;
  const read = (edge: string, fields: string, timeField: string) =>
    readRecent(
      ctx,
      facebookApi,
      {
        url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, `${page.id}/${edge}`),
        query: { fields },
        token: page.token,
        appSecret: ctx.settings.client_secret,
      },
      {
        since,
        timeOf: (item) => parseGraphTime(str(item[timeField])),
      },
    );
  const video = input.media[0] !== undefined && isVideo(input.media[0]);

  if (format === "story") {
    const stories = await read("stories", "post_id,media_type,creation_time,status", "creation_time");
    const candidates: Candidate[] = stories.map((s) => ({
      id: str(s.post_id) ?? "",
      text: null,
      createdAt: parseGraphTime(str(s.creation_time)),
      url: null,
      kindMatches: str(s.media_type)?.toLowerCase() === (video ? "video" : "photo"),
    }));
    return matchCandidate(facebookApi, candidates, "", since);
  }
  const edge = format === "reel" ? "video_reels" : video ? "videos" : "published_posts";
  const textField = edge === "published_posts" ? "message" : "description";
  const items = await read(edge, `id,${textField},created_time,permalink_url`, "created_time");
  const candidates: Candidate[] = items.map((item) => {
    const id = str(item.id) ?? "";
    const link = str(item.permalink_url);
    return {
      id,
      text: str(item[textField]),
      createdAt: parseGraphTime(str(item.created_time)),
      url: link
        ? link.startsWith("/")
          ? `https://www.facebook.com${link}`
          : link
        : format === "reel"
          ? `https://www.facebook.com/reel/${id}`
          : null,
      kindMatches: true,
    };
  });
  return matchCandidate(facebookApi, candidates, input.body, since);
};

// POST /{post-id}/comments {message} as the Page.
export const createFacebookComment = (ctx: Ctx, input: PublishInput & { postExternalId: string; body: string }) => {
  const page = pageOf(input.placement);
  return postComment(
    ctx,
    facebookApi,
    {
      url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, `${input.postExternalId}/comments`),
      token: page.token,
      appSecret: ctx.settings.client_secret,
    },
    input.body,
  );
};

// delete_on_platform: DELETE /{id} as the Page, with the id exactly as `publish` returned it (a feed or
// photo post id `{page}_{post}`, a video or reel id, a story's post id). Already gone counts as deleted.
export const deleteFacebookPost: NonNullable<PublishingMethods<FacebookSettings>["deletePublished"]> = async (
  ctx,
  input,
) => {
  const page = pageOf(input.placement);
  await deleteGraphNode(ctx, facebookApi, {
    url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, input.externalId),
    token: page.token,
    appSecret: ctx.settings.client_secret,
  });
};
