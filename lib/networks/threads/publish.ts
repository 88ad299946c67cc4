import type { PublishingMethods, PublishInput, PublishMedia, PublishResult } from "../types";
import { publishWithContainers, readPermalink } from "../graph/containers";
import { deleteGraphNode } from "../graph/delete";
import { altTextAt, isVideo } from "../graph/media";
import { FIND_WINDOW_MS, matchCandidate, parseGraphTime, readRecent, str, type Candidate } from "../graph/readback";
import { graphUrl, requireToken } from "../graph/request";
import type { ThreadsParams } from "./post-rules";
import { threadsApi, threadsContainers, threadsUserOf, type Ctx, type ThreadsSettings } from "./settings";

// Publishing on Threads (Threads API publishing and replies): a container on POST /{user-id}/threads,
// polled on `status` until FINISHED, then POST /{user-id}/threads_publish {creation_id}.
//  - text: {media_type=TEXT, text}
//  - one image or video: {media_type=IMAGE|VIDEO, image_url|video_url, alt_text, text}
//  - 2-20 items: children {media_type, image_url|video_url, alt_text, is_carousel_item=true}, then
//    {media_type=CAROUSEL, children, text}
// Every top-level container carries `topic_tag` when set (it applies to each post of a chain) and, for a
// chain's follow-ups, `reply_to_id` = the previous link.

type Params = Partial<ThreadsParams>;
type Fields = Record<string, string | number | boolean | undefined>;

const paramsOf = (input: PublishInput) => input.params as Params;
const text = (body: string) => (body.trim() === "" ? undefined : body);

const mediaFields = (media: PublishMedia, index: number, params: Params): Fields =>
  isVideo(media)
    ? { media_type: "VIDEO", video_url: media.url, alt_text: altTextAt(params.alt_text, index) }
    : { media_type: "IMAGE", image_url: media.url, alt_text: altTextAt(params.alt_text, index) };

const containerFields = (input: PublishInput): { children: Fields[]; parent: (ids: string[]) => Fields } => {
  const params = paramsOf(input);
  const common: Fields = {
    text: text(input.body),
    topic_tag: params.topic_tag,
    reply_to_id: input.replyTo?.externalId,
  };
  const [first] = input.media;
  if (!first) return { children: [], parent: () => ({ media_type: "TEXT", ...common }) };
  if (input.media.length === 1)
    return { children: [], parent: () => ({ ...mediaFields(first, 0, params), ...common }) };
  return {
    children: input.media.map((media, i) => ({ ...mediaFields(media, i, params), is_carousel_item: true })),
    parent: (ids) => ({ media_type: "CAROUSEL", children: ids.join(","), ...common }),
  };
};

const nodeUrl = (ctx: Ctx, path: string) => graphUrl(ctx.settings.graph_url, ctx.settings.api_version, path);

export const publishThreads = async (ctx: Ctx, input: PublishInput): Promise<PublishResult> => {
  const api = threadsContainers(ctx, input.auth);
  const id = await publishWithContainers(ctx, api, containerFields(input));
  return {
    externalId: id,
    url: await readPermalink(
      ctx,
      { connector: threadsApi, url: nodeUrl(ctx, id), token: api.token, tokenIn: "query" },
      "permalink",
    ),
  };
};

const expectedType = (media: PublishMedia[]) => {
  if (media.length > 1) return "CAROUSEL_ALBUM";
  if (!media[0]) return "TEXT_POST";
  return isVideo(media[0]) ? "VIDEO" : "IMAGE";
};

// The read-back: the user's recent posts (/threads) or, for a chain's follow-up, recent replies
// (/replies) to the same parent, of the same kind, matched on the text.
export const findThreadsPost = async (ctx: Ctx, input: PublishInput): Promise<PublishResult | null> => {
  const since = Date.now() - FIND_WINDOW_MS;
  const reply = input.replyTo;
  const items = await readRecent(
    ctx,
    threadsApi,
    {
      url: nodeUrl(ctx, `${threadsUserOf(input.auth)}/${reply ? "replies" : "threads"}`),
      query: { fields: "id,text,media_type,timestamp,permalink,is_reply,replied_to" },
      token: requireToken(input.auth),
      tokenIn: "query",
    },
    { since, timeOf: (m) => parseGraphTime(str(m.timestamp)) },
  );
  const expected = expectedType(input.media);
  const candidates: Candidate[] = items.map((m) => {
    const parent =
      m.replied_to && typeof m.replied_to === "object" ? str((m.replied_to as Record<string, unknown>).id) : null;
    return {
      id: str(m.id) ?? "",
      text: str(m.text),
      createdAt: parseGraphTime(str(m.timestamp)),
      url: str(m.permalink),
      kindMatches: str(m.media_type) === expected && (reply ? parent === reply.externalId : m.is_reply !== true),
    };
  });
  return matchCandidate(threadsApi, candidates, input.body, since);
};

// delete_on_platform: DELETE /{threads-media-id} (needs threads_delete), the token as `access_token`.
// Already gone counts as deleted.
export const deleteThreadsPost: NonNullable<PublishingMethods<ThreadsSettings>["deletePublished"]> = async (
  ctx,
  input,
) => {
  await deleteGraphNode(ctx, threadsApi, {
    url: nodeUrl(ctx, input.externalId),
    token: requireToken(input.auth),
    tokenIn: "query",
  });
};
