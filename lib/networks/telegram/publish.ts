import { NetworkError, details } from "../errors";
import type { ProfileAuth, PublishInput, PublishMedia, PublishResult } from "../types";
import { botToken, callBotApi, callBotApiMultipart, type TelegramCtx, type Upload } from "./api";
import { TelegramApiError } from "./errors";
import type { TelegramPostParams } from "./post-rules";

// Channel posts through the Bot API (Telegram Bot API): text alone is sendMessage; one file is sendPhoto,
// sendVideo, sendAnimation (GIF) or sendDocument with the body as caption; 2 to 10 images and videos are
// one sendMediaGroup (the caption on the first item). Captions hold at most 1,024 characters: a longer
// body goes out as its own sendMessage after the media (post-rules.ts). Files are given by URL (our
// hosted copy; Telegram fetches photos up to 5 MB and other files up to 20 MB, and sendDocument by URL
// only takes PDF, ZIP and GIF); anything else is uploaded as multipart/form-data from read().
// parse_mode applies to the caption or text; disable_link_preview becomes link_preview_options
// {is_disabled}; disable_notification applies to every message. A group that became a supergroup
// (400 with migrate_to_chat_id) is followed once. The post is `<chat_id>:<message_id>` of its first
// message; public chats (with a username) have the permalink https://t.me/<username>/<message_id>.
// There is no idempotency key and no read-back (index.ts).

export const CAPTION_MAX = 1024; // counted in UTF-16 units, like Telegram (before entity parsing: conservative)
const URL_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const URL_FILE_MAX_BYTES = 20 * 1024 * 1024;
const DOCUMENT_URL_TYPES = new Set(["application/pdf", "application/zip", "application/x-zip-compressed", "image/gif"]);
const FOLLOW_UP_RETRIES = 3;
const FOLLOW_UP_MAX_WAIT_MS = 60_000;

type Message = { message_id: number; chat: { id: number; username?: string } };
type Kind = "photo" | "video" | "animation" | "document";
const METHODS: Record<Kind, string> = {
  photo: "sendPhoto",
  video: "sendVideo",
  animation: "sendAnimation",
  document: "sendDocument",
};

const typeOf = (m: PublishMedia) => m.contentType.split(";")[0]!.trim().toLowerCase();
const kindOf = (m: PublishMedia): Kind =>
  m.kind === "gif" || typeOf(m) === "image/gif"
    ? "animation"
    : m.kind === "image"
      ? "photo"
      : m.kind === "video"
        ? "video"
        : "document";

const byUrl = (m: PublishMedia, kind: Kind) =>
  kind === "photo"
    ? m.sizeBytes <= URL_PHOTO_MAX_BYTES
    : m.sizeBytes <= URL_FILE_MAX_BYTES && (kind !== "document" || DOCUMENT_URL_TYPES.has(typeOf(m)));

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "application/pdf": "pdf",
};
const filenameOf = (m: PublishMedia, index: number) => {
  let last = "";
  try {
    last = decodeURIComponent(new URL(m.url).pathname.split("/").pop() ?? "");
  } catch {
    // not a URL: fall back to a generic name
  }
  return /^[\w.-]+\.\w+$/.test(last) ? last : `file${index}.${EXTENSIONS[typeOf(m)] ?? "bin"}`;
};

const uploadOf = async (m: PublishMedia, field: string, index: number): Promise<Upload> => ({
  field,
  filename: filenameOf(m, index),
  contentType: typeOf(m) || "application/octet-stream",
  bytes: await m.read(),
});

type Call = { method: string; params: Record<string, unknown>; uploads: Upload[] };

const send = <T>(ctx: TelegramCtx, token: string, call: Call, chatId: string): Promise<T> => {
  const params = { chat_id: chatId, ...call.params };
  return call.uploads.length
    ? callBotApiMultipart<T>(ctx, token, call.method, params, call.uploads)
    : callBotApi<T>(ctx, token, call.method, params);
};

const paramsOf = (input: PublishInput) => input.params as Partial<TelegramPostParams>;
const common = (input: PublishInput) => (paramsOf(input).disable_notification ? { disable_notification: true } : {});
const captionOf = (input: PublishInput) =>
  input.body && input.body.length <= CAPTION_MAX
    ? { caption: input.body, ...(paramsOf(input).parse_mode && { parse_mode: paramsOf(input).parse_mode }) }
    : {};

const textCall = (input: PublishInput): Call => ({
  method: "sendMessage",
  params: {
    text: input.body,
    ...(paramsOf(input).parse_mode && { parse_mode: paramsOf(input).parse_mode }),
    ...(paramsOf(input).disable_link_preview && { link_preview_options: { is_disabled: true } }),
    ...common(input),
  },
  uploads: [],
});

const singleCall = async (input: PublishInput, media: PublishMedia): Promise<Call> => {
  const kind = kindOf(media);
  const url = byUrl(media, kind);
  return {
    method: METHODS[kind],
    params: {
      ...(url && { [kind]: media.url }),
      ...captionOf(input),
      ...(kind === "video" && { supports_streaming: true }),
      ...common(input),
    },
    uploads: url ? [] : [await uploadOf(media, kind, 0)],
  };
};

// Items of a media group: photo, video or document (a GIF goes as a photo: groups take no animations).
const groupCall = async (input: PublishInput): Promise<Call> => {
  const uploads: Upload[] = [];
  const items = [];
  for (const [i, media] of input.media.entries()) {
    const kind = kindOf(media);
    const type = kind === "animation" ? "photo" : kind;
    let source = media.url;
    if (!byUrl(media, kind === "animation" ? "photo" : kind)) {
      uploads.push(await uploadOf(media, `file${i}`, i));
      source = `attach://file${i}`;
    }
    items.push({
      type,
      media: source,
      ...(i === 0 && captionOf(input)),
      ...(type === "video" && { supports_streaming: true }),
    });
  }
  return { method: "sendMediaGroup", params: { media: items, ...common(input) }, uploads };
};

const firstOf = (answer: Message | Message[]): Message => {
  const first = Array.isArray(answer) ? answer[0] : answer;
  if (!first?.message_id) throw new NetworkError("outcome_unknown", "Telegram answered without the message");
  return first;
};

const sleepOf = (ctx: TelegramCtx) =>
  ctx.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

// The body after the media. Flood control (about one message a second per chat) is waited out; when the
// text is refused the media is deleted again so nothing half-published stays, and when that is not
// possible the outcome is reported unknown (the post must not be sent twice).
const followUp = async (ctx: TelegramCtx, token: string, input: PublishInput, chatId: string, posted: number[]) => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send<Message>(ctx, token, textCall(input), chatId);
    } catch (err) {
      if (!(err instanceof NetworkError) || err.kind === "outcome_unknown") throw err;
      const wait = err.retryAfterMs ?? 1000;
      if (err.kind === "rate_limited" && attempt < FOLLOW_UP_RETRIES && wait <= FOLLOW_UP_MAX_WAIT_MS) {
        await sleepOf(ctx)(wait);
        continue;
      }
      const undone = await Promise.all(
        posted.map((id) =>
          callBotApi<boolean>(ctx, token, "deleteMessage", { chat_id: chatId, message_id: id }).then(
            () => true,
            () => false,
          ),
        ),
      );
      if (undone.every(Boolean)) throw err;
      throw new NetworkError(
        "outcome_unknown",
        `Telegram posted the media but not the text (${err.message}), and the media could not be deleted`,
        err.details,
      );
    }
  }
};

export const publishToChat = async (ctx: TelegramCtx, input: PublishInput): Promise<PublishResult> => {
  const token = botToken(input.auth);
  let chatId = input.placement?.externalId ?? paramsOf(input).chat_id;
  if (!chatId)
    throw new NetworkError(
      "rejected",
      "chat_id is required to post on Telegram",
      details("chat_id_missing", null, null),
    );
  const call =
    input.media.length === 0
      ? textCall(input)
      : input.media.length === 1
        ? await singleCall(input, input.media[0]!)
        : await groupCall(input);

  let answer: Message | Message[];
  try {
    answer = await send<Message | Message[]>(ctx, token, call, chatId);
  } catch (err) {
    if (!(err instanceof TelegramApiError && err.migrateToChatId)) throw err;
    chatId = err.migrateToChatId; // the group became a supergroup: nothing was posted, post there
    answer = await send<Message | Message[]>(ctx, token, call, chatId);
  }
  const first = firstOf(answer);
  chatId = String(first.chat?.id ?? chatId);
  if (input.media.length > 0 && input.body && input.body.length > CAPTION_MAX) {
    await followUp(
      ctx,
      token,
      input,
      chatId,
      (Array.isArray(answer) ? answer : [answer]).map((m) => m.message_id),
    );
  }
  const username =
    first.chat?.username ??
    (typeof input.placement?.metadata.username === "string" ? input.placement.metadata.username : null);
  return {
    externalId: `${chatId}:${first.message_id}`,
    url: username ? `https://t.me/${username}/${first.message_id}` : null,
  };
};

// Deleting a post: deleteMessage {chat_id, message_id} from its `<chat_id>:<message_id>` -> true. Only
// that message is known: the other items of a media group and a long body's follow-up message are not
// recorded by publish, so they stay. "message to delete not found" (deleted already, or no longer
// deletable) counts as deleted; "message can't be deleted", a bot no longer in the chat or a revoked
// token are refusals (mapTelegramError).
export const deleteFromChat = async (
  ctx: TelegramCtx,
  { auth, externalId }: { auth: ProfileAuth; externalId: string },
): Promise<void> => {
  const match = /^(-?\d+|@\w+):(\d+)$/.exec(externalId);
  if (!match)
    throw new NetworkError(
      "rejected",
      `Not a Telegram post id (<chat_id>:<message_id>): ${externalId.slice(0, 100)}`,
      details("invalid_post_id", null, null),
    );
  const token = botToken(auth);
  try {
    await callBotApi<boolean>(ctx, token, "deleteMessage", { chat_id: match[1], message_id: Number(match[2]) });
  } catch (err) {
    if (err instanceof TelegramApiError && /message to delete not found/i.test(err.details.platformErrorMessage ?? ""))
      return;
    throw err;
  }
};
