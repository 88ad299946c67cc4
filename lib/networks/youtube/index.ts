import { z } from "zod";
import { NetworkError } from "../errors";
import { mapGoogleError } from "../google/errors";
import { at, googleGet, googleOAuthFlow, googleOAuthSettings, googleScope, refreshGoogleToken } from "../google/oauth";
import { youtubeMeta } from "./meta";
import type { NetworkConnector } from "../types";
import { youtubeCommentSync } from "./comment-sync";
import { youtubeComments } from "./comments";
import { deletePublishedVideo, findPublishedVideo, publishVideo } from "./publish";
import { channelStats, videoStats } from "./stats";

// YouTube through the Data API v3 with Google OAuth (lib/networks/google). A profile is one channel: the
// one the user picks on Google's consent screen (a Google account can own several brand channels).
// YouTube has no placements. Publishing (resumable upload) is in publish.ts and upload.ts, stats in
// stats.ts; comment writes in comments.ts.

export const YOUTUBE_SCOPES = [
  googleScope("youtube.upload"),
  googleScope("youtube.force-ssl"),
  googleScope("youtube.readonly"),
];
// Upload and comment moderation are what the profile is for; readonly is implied by force-ssl.
const REQUIRED_SCOPES = [googleScope("youtube.upload"), googleScope("youtube.force-ssl")];

export const ZYouTubeSettings = z.object({
  ...googleOAuthSettings,
  api_url: z.url().default("https://www.googleapis.com/youtube/v3"), // NETWORK_YOUTUBE_API_URL
  upload_url: z.url().default("https://www.googleapis.com/upload/youtube/v3"), // NETWORK_YOUTUBE_UPLOAD_URL: videos.insert, thumbnails.set
});
export type YouTubeSettings = z.infer<typeof ZYouTubeSettings>;

const ZThumbnail = z.object({ url: z.string() });
const ZChannels = z.object({
  items: z
    .array(
      z.object({
        id: z.string().min(1),
        snippet: z.object({
          title: z.string(),
          customUrl: z.string().optional(),
          publishedAt: z.string().optional(),
          country: z.string().optional(),
          thumbnails: z
            .object({ default: ZThumbnail.optional(), medium: ZThumbnail.optional(), high: ZThumbnail.optional() })
            .optional(),
        }),
      }),
    )
    .optional(),
});

export const youtubeConnector: NetworkConnector<YouTubeSettings> = {
  platform: "youtube",
  displayName: youtubeMeta.displayName,
  settings: ZYouTubeSettings,
  comments: youtubeComments, // comment, reply (one level), read-back, delete (comments.ts)
  auth: googleOAuthFlow({ scopes: YOUTUBE_SCOPES, required: REQUIRED_SCOPES }),

  // GET channels?part=snippet&mine=true: the channel the token acts for. `customUrl` is the channel's
  // handle as YouTube gives it (today "@name") and becomes the username unchanged.
  identity: async (ctx, auth) => {
    const url = new URL(at(ctx.settings.api_url, "/channels"));
    url.search = new URLSearchParams({ part: "snippet", mine: "true" }).toString();
    const { items = [] } = await googleGet(ctx, url, auth, ZChannels, "channels.list");
    const channel = items[0];
    if (!channel) {
      throw new NetworkError(
        "rejected",
        "This Google account has no YouTube channel. Create one on youtube.com, then connect again.",
        {
          platformErrorCode: "channelNotFound",
          platformErrorSubcode: null,
          platformErrorMessage: null,
        },
      );
    }
    const { title, customUrl, publishedAt, country, thumbnails } = channel.snippet;
    return {
      externalId: channel.id,
      name: title,
      username: customUrl ?? null,
      avatarUrl: (thumbnails?.high ?? thumbnails?.medium ?? thumbnails?.default)?.url ?? null,
      metadata: {
        ...(customUrl && { custom_url: customUrl }),
        ...(country && { country }),
        ...(publishedAt && { published_at: publishedAt }),
      },
    };
  },

  publish: publishVideo,
  findPublished: findPublishedVideo,
  deletePublished: deletePublishedVideo,
  profileStats: (ctx, { auth }) => channelStats(ctx, auth),
  postStats: (ctx, { auth, postExternalId }) => videoStats(ctx, auth, postExternalId),
  commentSync: youtubeCommentSync,

  refresh: refreshGoogleToken,
  mapError: (failure) => mapGoogleError(failure),
};
