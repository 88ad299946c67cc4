import { z } from "zod";
import { NetworkError } from "../errors";
import type { PublishMedia } from "../types";
import { POLL_DELAYS_MS, sleeperOf } from "../graph/containers";
import { graphRequest, graphUrl } from "../graph/request";
import { pageCall, type Ctx, type Page } from "./page";
import { facebookApi } from "./settings";

// Reels and video stories (Graph API video_reels and video_stories): three phases on
// /{page-id}/video_reels or /{page-id}/video_stories. `start` opens an upload session ({video_id}); the
// video goes to rupload.facebook.com/video-upload/{version}/{video_id} with `Authorization: OAuth` and a
// `file_url` header, so Meta fetches our hosted copy itself; `finish` publishes it.

type Edge = "video_reels" | "video_stories";

const ZStart = z.object({ video_id: z.coerce.string(), upload_url: z.string().optional() }).loose();
const ZSuccess = z
  .object({
    success: z.boolean().optional(),
    post_id: z.coerce.string().optional(),
    video_id: z.coerce.string().optional(),
  })
  .loose();

const refuseUnless = (ok: boolean | undefined, what: string) => {
  if (ok === false) throw new NetworkError("rejected", `Facebook did not accept the ${what}`);
};

export const uploadSession = async (ctx: Ctx, page: Page, edge: Edge, media: PublishMedia): Promise<string> => {
  const { video_id: videoId } = await pageCall(ctx, page, `${page.id}/${edge}`, ZStart, {
    form: { upload_phase: "start" },
  });
  const uploaded = await graphRequest(
    ctx,
    facebookApi,
    {
      url: graphUrl(ctx.settings.rupload_url, null, `video-upload/${ctx.settings.api_version}/${videoId}`),
      method: "POST",
      headers: { authorization: `OAuth ${page.token}`, file_url: media.url },
    },
    ZSuccess,
  );
  refuseUnless(uploaded.success, "video upload");
  return videoId;
};

export const finishSession = async (ctx: Ctx, page: Page, edge: Edge, form: Record<string, string | undefined>) => {
  const answer = await pageCall(ctx, page, `${page.id}/${edge}`, ZSuccess, {
    form: { upload_phase: "finish", ...form },
  });
  refuseUnless(answer.success, edge === "video_reels" ? "reel" : "video story");
  return answer;
};

const ZPhase = z
  .object({ status: z.string().optional(), error: z.object({ message: z.string().optional() }).loose().optional() })
  .loose();
const ZVideoStatus = z
  .object({
    status: z
      .object({
        video_status: z.string().optional(),
        processing_phase: ZPhase.optional(),
        publishing_phase: ZPhase.optional(),
        uploading_phase: ZPhase.optional(),
      })
      .loose()
      .optional(),
  })
  .loose();

// After `finish`, Facebook processes the video before the reel goes live. A processing error is a
// refusal; still processing after the last read is a success (the reel is accepted and goes live once
// ready), so a slow video never turns into a duplicate.
export const waitForVideo = async (ctx: Ctx, page: Page, videoId: string): Promise<void> => {
  const sleep = sleeperOf(ctx);
  for (let attempt = 0; attempt <= POLL_DELAYS_MS.length; attempt++) {
    if (attempt > 0) await sleep(POLL_DELAYS_MS[attempt - 1]!);
    const { status } = await pageCall(ctx, page, videoId, ZVideoStatus, { query: { fields: "status" } });
    const failed = [status?.uploading_phase, status?.processing_phase, status?.publishing_phase].find(
      (p) => p?.status === "error",
    );
    if (failed || status?.video_status === "error") {
      const message = failed?.error?.message ?? "the video could not be processed";
      throw new NetworkError("rejected", `Facebook: ${message}`, {
        platformErrorCode: null,
        platformErrorSubcode: null,
        platformErrorMessage: message,
      });
    }
    if (
      status?.publishing_phase?.status === "complete" ||
      status?.video_status === "ready" ||
      status?.video_status === "published"
    )
      return;
  }
};
