import { z } from "zod";
import { MB, type FormatLimits, type PostRules } from "../post-rules";
import {
  bodyOrMedia,
  placementIssues,
  postIssues,
  threadRefused,
  zChoice,
  zFlag,
  zId,
} from "../post-rules/draft-checks";

// Telegram channel posts through the profile's bot: `chat_id` (required) is one of the channels the bot
// administers (the profile's placements; the list is empty until the bot is made an administrator).
// `parse_mode` HTML or MarkdownV2 (omit for plain text), `disable_link_preview` and
// `disable_notification` (default false). Text up to 4,096 characters. Up to 10 images and videos,
// mixed in one media group; a document goes alone. No chains.
//
// For the publisher: a caption on media is limited to 1,024 characters by the Bot API, so a longer body
// with media is sent as a separate text message after the media.

export const ZTelegramPostParams = z.object({
  format: zChoice(["post"] as const).transform((v) => v ?? "post"),
  chat_id: zId(),
  parse_mode: zChoice(["HTML", "MarkdownV2"] as const),
  disable_link_preview: zFlag(false),
  disable_notification: zFlag(false),
});
export type TelegramPostParams = z.output<typeof ZTelegramPostParams>;

export const TELEGRAM_FORMATS = {
  post: {
    image: { maxBytes: 10 * MB, types: ["jpg", "png", "webp", "gif"], maxCount: 10 },
    video: { maxBytes: 50 * MB, types: ["mp4", "mov"], maxCount: 10 },
    document: { maxBytes: 50 * MB, types: ["pdf", "doc", "docx", "zip", "mp3", "wav"], maxCount: 1 },
    mediaRequired: false,
    mixingAllowed: true,
    maxItems: 10,
    bodyMax: 4096,
  },
} satisfies Record<TelegramPostParams["format"], FormatLimits>;

const documentAlone = (media: { kind: string }[]): string[] =>
  media.some((m) => m.kind === "document") && media.length > 1 ? ["media: a document must be the only media item"] : [];

export const telegramPostRules: PostRules<TelegramPostParams> = {
  params: ZTelegramPostParams,
  formats: TELEGRAM_FORMATS,
  formatOf: (params) => params.format,
  validate: (draft) => [
    ...placementIssues(
      "chat_id",
      draft.params.chat_id,
      draft.profile.placementIds,
      "channels",
      draft.profile.placementIds.length === 0 ? " (none yet: make the bot an administrator of the channel)" : "",
    ),
    ...postIssues(draft.body, draft.media, TELEGRAM_FORMATS.post),
    ...documentAlone(draft.media),
    ...bodyOrMedia(draft.body, draft.media),
    ...threadRefused("telegram", draft.thread),
  ],
};
