import { z } from "zod";
import { NetworkError } from "../errors";
import type { ProfileAuth } from "../types";
import { businessApi } from "./business-api";
import type { TikTokSettings } from "./index";

// A TikTok comment has no URL of its own (no comment object of the API for Business carries one), so a
// comment's permalink is its video's public URL: the `share_url` of GET /business/video/list/
// ?business_id&fields=["item_id","share_url"]&filters={"video_ids":[id]}, e.g.
// https://www.tiktok.com/@{username}/video/{item_id}?utm_campaign=tt4d_open_api&utm_source=…, kept without
// its tracking query. Sources: https://business-api.tiktok.com/portal/docs ("Get profile data of a
// TikTok account's videos"); github.com/bububa/tiktok-business model/business/video/list.go and video.go
// (fields, filters.video_ids, share_url and its example).

type Ctx = { settings: TikTokSettings; fetch: typeof fetch };
const ZVideos = z.object({
  videos: z.array(z.object({ item_id: z.string(), share_url: z.string().nullish() }).loose()).default([]),
});

const withoutQuery = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return null;
  }
};

// The video's URL, or null when TikTok does not give it. A nicety: only a rate limit is thrown (the poll
// then backs off instead of storing comments without their permalink); any other failure is null.
export const videoUrl = async (ctx: Ctx, auth: ProfileAuth, videoId: string): Promise<string | null> => {
  try {
    const data = ZVideos.parse(
      await businessApi(ctx, auth, "/video/list/", {
        query: {
          business_id: auth.externalId ?? "",
          fields: JSON.stringify(["item_id", "share_url"]),
          filters: JSON.stringify({ video_ids: [videoId] }),
        },
      }),
    );
    const url = data.videos.find((v) => v.item_id === videoId)?.share_url;
    return url ? withoutQuery(url) : null;
  } catch (err) {
    if (err instanceof NetworkError && err.kind === "rate_limited") throw err;
    return null;
  }
};
