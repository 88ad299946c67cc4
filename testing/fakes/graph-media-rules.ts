import { badParam, parseJsonParam, type ContentState } from "./graph-content";
import { graphError, type Reply } from "./graph-state";

// What Instagram and Threads check when a container is created (networks.md "instagram" containers,
// "threads" publish): the media fields each media_type needs, carousel children, caption and text
// limits, user tags, collaborators, trial reels and topic tags. A refusal answers the Graph error;
// null means the container is accepted.

const INVALID = Symbol.for("invalid");

const isFraction = (v: unknown) => typeof v === "number" && v >= 0 && v <= 1;

const childrenOf = (
  content: ContentState,
  family: "instagram" | "threads",
  userId: string,
  value: string | undefined,
  min: number,
  max: number,
): Reply | null => {
  const ids = (value ?? "").split(",").filter(Boolean);
  if (ids.length < min || ids.length > max)
    return badParam(`(#100) A carousel needs ${min} to ${max} children`, family === "instagram" ? 2207003 : undefined);
  for (const id of ids) {
    const child = content.containers.get(id);
    if (!child || child.family !== family || child.userId !== userId || child.fields.is_carousel_item !== "true")
      return badParam(`(#100) Child ${id} is not a carousel item container of this account`);
  }
  return null;
};

const imageDownload = (content: ContentState, url: string | undefined): Reply | null =>
  url && content.unfetchable.has(url)
    ? graphError(400, {
        message: "Only photo or video can be accepted as media type.",
        code: 9004,
        error_subcode: 2207052,
        error_user_msg: "The media could not be fetched from this URI",
      })
    : null;

const userTagsProblem = (
  value: string | undefined,
  { coordinates }: { coordinates: "required" | "forbidden" | "optional" },
): Reply | null => {
  if (value === undefined) return null;
  const tags = parseJsonParam(value);
  if (tags === INVALID || !Array.isArray(tags)) return badParam("(#100) user_tags must be a JSON array");
  for (const tag of tags as { username?: unknown; x?: unknown; y?: unknown }[]) {
    if (typeof tag?.username !== "string" || !tag.username) return badParam("(#100) Every user tag needs a username");
    const has = tag.x !== undefined || tag.y !== undefined;
    if (coordinates === "forbidden" && has) return badParam("(#100) Video and reel user tags take a username only");
    if (coordinates === "required" && !(isFraction(tag.x) && isFraction(tag.y)))
      return badParam("(#100) Image user tags need x and y between 0.0 and 1.0");
    if (has && !(isFraction(tag.x) && isFraction(tag.y))) return badParam("(#100) x and y must be between 0.0 and 1.0");
  }
  return null;
};

export const validateInstagram = (content: ContentState, userId: string, f: Record<string, string>): Reply | null => {
  const type = f.media_type;
  const item = f.is_carousel_item === "true";
  if (type !== undefined && !["VIDEO", "REELS", "STORIES", "CAROUSEL"].includes(type))
    return badParam("(#100) media_type must be VIDEO, REELS, STORIES or CAROUSEL");
  if (f.caption !== undefined && [...f.caption].length > 2200)
    return badParam("(#100) The caption is too long", 2207010);
  if (type === "CAROUSEL") {
    if (f.image_url || f.video_url) return badParam("(#100) A carousel container takes children, not media");
    return childrenOf(content, "instagram", userId, f.children, 2, 10);
  }
  if (type === "VIDEO" && !item)
    return badParam("(#100) The VIDEO media type is no longer supported for feed videos; use REELS", 2207067);
  const video = type === "VIDEO" || type === "REELS" || (type === "STORIES" && Boolean(f.video_url));
  if (video && !f.video_url) return badParam("(#100) video_url is required for this media type");
  if (!video && !f.image_url) return badParam("(#100) image_url is required");
  if (video && f.image_url) return badParam("(#100) image_url cannot be used with this media type");
  const download = video ? null : imageDownload(content, f.image_url);
  if (download) return download;
  const tags = userTagsProblem(f.user_tags, {
    coordinates: type === "STORIES" ? "optional" : video ? "forbidden" : "required",
  });
  if (tags) return tags;
  if (f.collaborators !== undefined) {
    const list = parseJsonParam(f.collaborators);
    if (list === INVALID || !Array.isArray(list) || !list.every((u) => typeof u === "string"))
      return badParam("(#100) collaborators must be a JSON array of usernames");
    if (type === "STORIES" || item)
      return badParam("(#100) collaborators are not supported on stories or carousel items");
    if (list.length > 3) return badParam("(#100) At most 3 collaborators");
  }
  if (f.trial_params !== undefined) {
    const trial = parseJsonParam(f.trial_params) as { graduation_strategy?: unknown } | symbol;
    if (
      type !== "REELS" ||
      typeof trial !== "object" ||
      !["MANUAL", "SS_PERFORMANCE"].includes(String(trial.graduation_strategy))
    ) {
      return badParam("(#100) trial_params must be {graduation_strategy: MANUAL|SS_PERFORMANCE} on a reel");
    }
  }
  for (const reelOnly of ["share_to_feed", "cover_url", "thumb_offset", "audio_name"]) {
    if (f[reelOnly] !== undefined && type !== "REELS")
      return badParam(`(#100) ${reelOnly} is only supported for reels`);
  }
  if (f.thumb_offset !== undefined && !/^\d+$/.test(f.thumb_offset))
    return badParam("(#100) thumb_offset must be milliseconds");
  if (f.alt_text !== undefined && video) return badParam("(#100) alt_text is only supported for images");
  return null;
};

// Threads counts an emoji by its UTF-8 bytes; the fake approximates with bytes for anything non-BMP.
const threadsLength = (text: string) =>
  [...text].reduce((n, ch) => n + (ch.codePointAt(0)! > 0xffff ? Buffer.byteLength(ch) : 1), 0);

export const validateThreads = (content: ContentState, userId: string, f: Record<string, string>): Reply | null => {
  const type = f.media_type;
  const item = f.is_carousel_item === "true";
  if (!type || !["TEXT", "IMAGE", "VIDEO", "CAROUSEL"].includes(type))
    return badParam("(#100) media_type must be TEXT, IMAGE, VIDEO or CAROUSEL");
  if (f.text !== undefined && threadsLength(f.text) > 500)
    return badParam("(#100) The text is longer than 500 characters", 4279009);
  if (type === "TEXT" && !f.text) return badParam("(#100) A TEXT post needs text");
  if (type === "IMAGE" && !f.image_url) return badParam("(#100) image_url is required for IMAGE");
  if (type === "VIDEO" && !f.video_url) return badParam("(#100) video_url is required for VIDEO");
  if (type === "CAROUSEL") {
    const children = childrenOf(content, "threads", userId, f.children, 2, 20);
    if (children) return children;
  }
  if (item && (f.reply_to_id || f.topic_tag || type === "TEXT" || type === "CAROUSEL"))
    return badParam("(#100) A carousel item is one image or video, without reply_to_id or topic_tag");
  if (type === "IMAGE") {
    const download = imageDownload(content, f.image_url);
    if (download) return download;
  }
  if (
    f.topic_tag !== undefined &&
    (f.topic_tag.length < 1 || [...f.topic_tag].length > 50 || /[.&]/.test(f.topic_tag))
  ) {
    return badParam("(#100) topic_tag must be 1 to 50 characters without periods or ampersands");
  }
  if (f.reply_to_id !== undefined) {
    const parent = content.media.get(f.reply_to_id);
    if (!parent || parent.family !== "threads")
      return badParam("(#100) reply_to_id does not name a published Threads post");
  }
  return null;
};
