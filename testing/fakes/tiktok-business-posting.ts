import { randomBytes } from "node:crypto";
import type { FakeReply } from "./support";
import { CODES, businessApiError, businessOk } from "./tiktok-comments";

// The TikTok fake's API for Business publishing: POST /business/video/publish/ and /business/photo/publish/
// (-> {share_id}) and GET /business/publish/status/?business_id&publish_id (-> {status, post_ids, reason}),
// strict like the rest (unknown body or post_info fields, wrong types and unknown enum values -> 40002).
// A publish is processing for `processingPolls` status reads, then PUBLISH_COMPLETE with the new post's id
// (a video joins the account's videos), or SEND_TO_USER_INBOX for a draft, or FAILED when told to.
// Access-Token and business_id are checked by the caller (tiktok-comments.ts). Sources:
// github.com/aoyagikouhei/tiktok-business maker/apis/post_business_video_publish.yaml,
// post_business_photo_publish.yaml, get_business_publish_status.yaml.

type Kind = "bool" | "string" | "int" | "strings" | "object" | string[];
const PRIVACY = ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"];
const BODIES: Record<string, { fields: Record<string, Kind>; postInfo: Record<string, Kind>; required: string[] }> = {
  "/video/publish/": {
    fields: { business_id: "string", video_url: "string", custom_thumbnail_url: "string", post_info: "object" },
    postInfo: {
      caption: "string",
      is_brand_organic: "bool",
      is_branded_content: "bool",
      tto_invite_link: "string",
      disable_comment: "bool",
      disable_duet: "bool",
      disable_stitch: "bool",
      thumbnail_offset: "int",
      is_ai_generated: "bool",
      upload_to_draft: "bool",
      is_ads_only: "bool",
    },
    required: ["business_id", "video_url", "post_info", "is_brand_organic", "is_branded_content"],
  },
  "/photo/publish/": {
    fields: { business_id: "string", photo_images: "strings", photo_cover_index: "int", post_info: "object" },
    postInfo: {
      privacy_level: PRIVACY,
      title: "string",
      caption: "string",
      auto_add_music: "bool",
      is_brand_organic: "bool",
      is_branded_content: "bool",
      is_draft: "bool",
      disable_comment: "bool",
    },
    required: ["business_id", "photo_images", "post_info", "privacy_level", "is_brand_organic", "is_branded_content"],
  },
};
const fits = (v: unknown, kind: Kind) =>
  Array.isArray(kind)
    ? kind.includes(v as string)
    : kind === "bool"
      ? typeof v === "boolean"
      : kind === "string"
        ? typeof v === "string"
        : kind === "int"
          ? Number.isInteger(v)
          : kind === "strings"
            ? Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "string")
            : !!v && typeof v === "object" && !Array.isArray(v);
// The first field of `obj` not in `shape` or of the wrong type, and the first required one missing.
const problem = (obj: Record<string, unknown>, shape: Record<string, Kind>, required: string[]) =>
  Object.keys(obj).find((k) => !shape[k] || !fits(obj[k], shape[k]!)) ??
  required.find((k) => k in shape && obj[k] === undefined);

type Share = { kind: "video" | "photo"; body: Record<string, any>; polls: number; postId: string; fail?: string };

export const tiktokBusinessPosting = (videos: Set<string>) => {
  let seq = 7_400_000_000_000_000_000n;
  const state = {
    shares: new Map<string, Share>(),
    processingPolls: 1, // status reads answered "processing" before the outcome
    failNextPublish: null as string | null, // the next publish ends FAILED with this reason
    metrics: new Map<string, Record<string, number>>(), // video id -> its metrics in the video list
  };
  const publish = (path: string, body: Record<string, any>): FakeReply => {
    const shape = BODIES[path]!;
    const bad =
      problem(body, shape.fields, shape.required) ?? problem(body.post_info ?? {}, shape.postInfo, shape.required);
    if (bad) return businessApiError(CODES.param, `Invalid or missing field: ${bad}`);
    const kind = path === "/video/publish/" ? "video" : "photo";
    const shareId = `${kind === "video" ? "v" : "p"}_pub_url~v2.${randomBytes(8).toString("hex")}`;
    const fail = state.failNextPublish ?? undefined;
    state.failNextPublish = null;
    state.shares.set(shareId, { kind, body, polls: 0, postId: String((seq += 1n)), ...(fail && { fail }) });
    return businessOk({ share_id: shareId });
  };
  const status = (query: Record<string, string>): FakeReply => {
    const unknown = Object.keys(query).find((k) => k !== "business_id" && k !== "publish_id");
    if (unknown) return businessApiError(CODES.param, `Unknown parameter: ${unknown}`);
    const share = state.shares.get(query.publish_id ?? "");
    if (!share) return businessApiError(CODES.notExist, "The publish_id does not exist");
    share.polls += 1;
    if (share.polls <= state.processingPolls) return businessOk({ status: "PROCESSING_DOWNLOAD" });
    if (share.fail) return businessOk({ status: "FAILED", reason: share.fail });
    if (share.body.post_info.upload_to_draft || share.body.post_info.is_draft)
      return businessOk({ status: "SEND_TO_USER_INBOX" });
    if (share.kind === "video") videos.add(share.postId);
    return businessOk({ status: "PUBLISH_COMPLETE", post_ids: [share.postId] });
  };
  // The answer for `path` under /open_api/v1.3/business, or null when it is not a publishing path.
  const handle = (path: string, query: Record<string, string>, body: Record<string, any> | null) =>
    path === "/publish/status/" ? status(query) : BODIES[path] && body ? publish(path, body) : null;
  return { state, handle, isList: (path: string) => path === "/publish/status/", paths: Object.keys(BODIES) };
};
