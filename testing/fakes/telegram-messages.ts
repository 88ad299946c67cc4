import { randomBytes } from "node:crypto";
import { isFile } from "./form-data";
import type { FakeReply } from "./support";

// What the Telegram fake (telegram.ts) does for posting: sendMessage, sendPhoto, sendVideo, sendAnimation,
// sendDocument, sendMediaGroup, deleteMessage and getChatMemberCount, written from the Bot API docs.
// Checked as Telegram checks: the chat exists (a migrated group answers migrate_to_chat_id), the bot may
// post there (a channel needs an administrator), text 1-4,096 and captions up to 1,024 characters,
// parse_mode and its markup (unbalanced or unknown HTML tags, unescaped MarkdownV2 reserved characters),
// files as an http(s) URL or a multipart part (attach://<name> inside InputMedia), media groups of 2-10
// photos and videos or of documents only. Every message is kept in `messages`, with the file as given.

export type MemberStatus = "creator" | "administrator" | "member" | "restricted" | "left" | "kicked";
export type TgChat = {
  id: number;
  type: "private" | "group" | "supergroup" | "channel";
  title?: string;
  first_name?: string;
  username?: string;
};
export type ChatEntry = { chat: TgChat; members: Map<number, MemberStatus>; migratedTo?: number; memberCount?: number };
export type TgFile =
  { source: "url"; url: string } | { source: "upload"; filename: string; type: string; size: number; bytes: Buffer };
export type TgFakeMessage = {
  chat_id: number;
  message_id: number;
  date: number;
  method: string;
  kind: "text" | "photo" | "video" | "animation" | "document" | "audio";
  text?: string;
  caption?: string;
  parse_mode?: string;
  file?: TgFile;
  media_group_id?: string;
  disable_notification: boolean;
  link_preview_options?: unknown;
  reply_markup?: unknown;
  deleted: boolean;
};

const error = (code: number, description: string, parameters?: Record<string, unknown>): FakeReply => ({
  status: code,
  body: { ok: false, error_code: code, description, ...(parameters && { parameters }) },
});
const ok = (result: unknown): FakeReply => ({ status: 200, body: { ok: true, result } });
const bad = (what: string) => error(400, `Bad Request: ${what}`);

// Objects arrive as JSON text in forms and multipart bodies.
const objectOf = (v: unknown): unknown => {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};
const flag = (v: unknown) => v === true || v === "true";

const HTML_TAGS = new Set([
  "b",
  "strong",
  "i",
  "em",
  "u",
  "ins",
  "s",
  "strike",
  "del",
  "span",
  "tg-spoiler",
  "a",
  "code",
  "pre",
  "blockquote",
  "tg-emoji",
]);
const entitiesProblem = (text: string, mode: unknown): string | null => {
  if (mode === undefined || mode === null || mode === "") return null;
  if (mode === "HTML") {
    const open: string[] = [];
    for (const m of text.matchAll(/<(\/?)([a-z-]*)[^>]*>|<|&(?![a-z]+;|#\d+;)/gi)) {
      if (m[0] === "<") return `Unsupported start tag "" at byte offset ${m.index}`;
      if (m[0].startsWith("&")) return `Unsupported entity at byte offset ${m.index}`;
      const tag = m[2]!.toLowerCase();
      if (!HTML_TAGS.has(tag)) return `Unsupported start tag "${tag}" at byte offset ${m.index}`;
      if (!m[1]) open.push(tag);
      else if (open.pop() !== tag)
        return `Unmatched end tag at byte offset ${m.index}, expected "</${open.at(-1) ?? ""}>", found "</${tag}>"`;
    }
    return open.length ? `Can't find end tag corresponding to start tag "${open.at(-1)}"` : null;
  }
  if (mode === "MarkdownV2") {
    const reserved = /(?<!\\)[.!#+\-=|{}]/.exec(text);
    return reserved ? `Character '${reserved[0]}' is reserved and must be escaped with the preceding '\\'` : null;
  }
  if (mode === "Markdown") return null;
  return "unsupported parse_mode";
};

export const createTelegramMessages = (deps: {
  botId: number;
  bot: Record<string, unknown>;
  findChat: (id: unknown) => ChatEntry | undefined;
}) => {
  const messages: TgFakeMessage[] = [];
  const nextId = new Map<number, number>();

  // The chat, when the bot may post there; else the error Telegram gives.
  const writable = (chatId: unknown): ChatEntry | FakeReply => {
    const entry = deps.findChat(chatId);
    if (!entry) return bad("chat not found");
    if (entry.migratedTo)
      return error(400, "Bad Request: group chat was upgraded to a supergroup chat", {
        migrate_to_chat_id: entry.migratedTo,
      });
    const status = entry.members.get(deps.botId) ?? "left";
    const where = entry.chat.type === "channel" ? "channel" : "group";
    if (entry.chat.type === "private")
      return status === "kicked" ? error(403, "Forbidden: bot was blocked by the user") : entry;
    if (status === "kicked") return error(403, `Forbidden: bot was kicked from the ${where} chat`);
    if (status === "left") return error(403, `Forbidden: bot is not a member of the ${where} chat`);
    if (where === "channel" && status !== "administrator" && status !== "creator")
      return bad("need administrator rights in the channel chat");
    return entry;
  };

  const fileOf = (value: unknown, params: Record<string, unknown>, inGroup: boolean): TgFile | string => {
    if (isFile(value))
      return {
        source: "upload",
        filename: value.filename,
        type: value.type,
        size: value.bytes.length,
        bytes: value.bytes,
      };
    if (typeof value === "string" && inGroup && value.startsWith("attach://")) {
      const part = params[value.slice("attach://".length)];
      return isFile(part) ? fileOf(part, params, false) : "file must be non-empty";
    }
    if (typeof value === "string" && /^https?:\/\/[^\s/]+\.[^\s]+$/.test(value)) return { source: "url", url: value };
    return "wrong file identifier/HTTP URL specified";
  };

  const store = (
    entry: ChatEntry,
    method: string,
    fields: Omit<TgFakeMessage, "chat_id" | "message_id" | "date" | "method" | "deleted">,
  ) => {
    const id = (nextId.get(entry.chat.id) ?? 0) + 1;
    nextId.set(entry.chat.id, id);
    const message: TgFakeMessage = {
      chat_id: entry.chat.id,
      message_id: id,
      date: Math.floor(Date.now() / 1000),
      method,
      deleted: false,
      ...fields,
    };
    messages.push(message);
    return message;
  };

  const fileView = (m: TgFakeMessage) => {
    const size = m.file?.source === "upload" ? m.file.size : 48_213;
    const id = {
      file_id: `AgAC${randomBytes(12).toString("base64url")}`,
      file_unique_id: randomBytes(6).toString("base64url"),
      file_size: size,
    };
    const name = m.file?.source === "upload" ? m.file.filename : m.file?.url.split("/").pop();
    if (m.kind === "photo")
      return {
        photo: [
          { ...id, width: 90, height: 90, file_size: 1_204 },
          { ...id, width: 1280, height: 1280 },
        ],
      };
    if (m.kind === "video")
      return { video: { ...id, width: 1280, height: 720, duration: 12, mime_type: "video/mp4", file_name: name } };
    if (m.kind === "animation")
      return {
        animation: { ...id, width: 480, height: 270, duration: 3, mime_type: "video/mp4" },
        document: { ...id, mime_type: "video/mp4" },
      };
    if (m.kind === "document")
      return {
        document: { ...id, file_name: name, mime_type: m.file?.source === "upload" ? m.file.type : "application/pdf" },
      };
    return {};
  };
  const view = (entry: ChatEntry, m: TgFakeMessage) => ({
    message_id: m.message_id,
    ...(entry.chat.type === "channel" ? { sender_chat: entry.chat } : { from: deps.bot }),
    chat: entry.chat,
    date: m.date,
    ...(m.media_group_id && { media_group_id: m.media_group_id }),
    ...(m.text !== undefined && { text: m.text }),
    ...(m.reply_markup !== undefined && { reply_markup: m.reply_markup }),
    ...(m.link_preview_options !== undefined && { link_preview_options: m.link_preview_options }),
    ...fileView(m),
    ...(m.caption !== undefined && { caption: m.caption }),
  });

  const textChecks = (
    text: unknown,
    mode: unknown,
    max: number,
    what: "message text" | "message caption",
  ): FakeReply | null => {
    if (text === undefined) return null;
    if (typeof text !== "string") return bad(`${what} must be a string`);
    if (text.length > max) return bad(what === "message text" ? "message is too long" : "message caption is too long");
    const problem = entitiesProblem(text, mode);
    return problem ? bad(problem === "unsupported parse_mode" ? problem : `can't parse entities: ${problem}`) : null;
  };

  const sendMessage = (p: Record<string, unknown>): FakeReply => {
    const entry = writable(p.chat_id);
    if (!("chat" in entry)) return entry;
    if (typeof p.text !== "string" || p.text.trim() === "") return bad("message text is empty");
    const problem = textChecks(p.text, p.parse_mode, 4096, "message text");
    if (problem) return problem;
    const m = store(entry, "sendMessage", {
      kind: "text",
      text: p.text,
      parse_mode: p.parse_mode as string | undefined,
      disable_notification: flag(p.disable_notification),
      link_preview_options: objectOf(p.link_preview_options),
      reply_markup: objectOf(p.reply_markup),
    });
    return ok(view(entry, m));
  };

  const sendFile =
    (method: string, kind: "photo" | "video" | "animation" | "document") =>
    (p: Record<string, unknown>): FakeReply => {
      const entry = writable(p.chat_id);
      if (!("chat" in entry)) return entry;
      if (p[kind] === undefined) return bad(`there is no ${kind} in the request`);
      const file = fileOf(p[kind], p, false);
      if (typeof file === "string") return bad(file);
      if (file.source === "upload" && kind === "photo" && file.size > 10 * 1024 * 1024)
        return bad("PHOTO_SAVE_FILE_INVALID");
      const problem = textChecks(p.caption, p.parse_mode, 1024, "message caption");
      if (problem) return problem;
      const m = store(entry, method, {
        kind,
        file,
        caption: p.caption as string | undefined,
        parse_mode: p.parse_mode as string | undefined,
        disable_notification: flag(p.disable_notification),
      });
      return ok(view(entry, m));
    };

  const sendMediaGroup = (p: Record<string, unknown>): FakeReply => {
    const entry = writable(p.chat_id);
    if (!("chat" in entry)) return entry;
    const items = objectOf(p.media);
    if (!Array.isArray(items)) return bad("can't parse media JSON object");
    if (items.length < 2 || items.length > 10) return bad("wrong number of media in the group");
    const types = items.map((i: { type?: unknown }) => i?.type);
    if (types.some((t) => t !== "photo" && t !== "video" && t !== "document" && t !== "audio"))
      return bad("unsupported media type in the group");
    if (new Set(types.map((t) => (t === "photo" || t === "video" ? "visual" : t))).size > 1)
      return bad("documents and audio can't be mixed with other media types");
    const prepared: Omit<TgFakeMessage, "chat_id" | "message_id" | "date" | "method" | "deleted">[] = [];
    const group = String(13_000_000_000_000_000n + BigInt(messages.length));
    for (const [i, item] of (items as Record<string, unknown>[]).entries()) {
      const file = fileOf(item.media, p, true);
      if (typeof file === "string") return bad(`failed to send message #${i + 1} with the error message "${file}"`);
      const problem = textChecks(item.caption, item.parse_mode, 1024, "message caption");
      if (problem) return problem;
      prepared.push({
        kind: item.type as TgFakeMessage["kind"],
        file,
        caption: item.caption as string | undefined,
        parse_mode: item.parse_mode as string | undefined,
        media_group_id: group,
        disable_notification: flag(p.disable_notification),
      });
    }
    return ok(prepared.map((fields) => view(entry, store(entry, "sendMediaGroup", fields))));
  };

  // deleteMessage as the Bot API documents it: the bot deletes its own messages in groups and supergroups
  // (within 48 hours unless it is an administrator there) and, as an administrator, in channels. A
  // message that is not there (never was, or deleted already) answers "message to delete not found".
  const DELETE_WINDOW_S = 48 * 60 * 60;
  const deleteMessage = (p: Record<string, unknown>): FakeReply => {
    const entry = deps.findChat(p.chat_id);
    if (!entry) return bad("chat not found");
    if (entry.migratedTo)
      return error(400, "Bad Request: group chat was upgraded to a supergroup chat", {
        migrate_to_chat_id: entry.migratedTo,
      });
    const status = entry.members.get(deps.botId) ?? "left";
    const where = entry.chat.type === "channel" ? "channel" : "group";
    if (status === "kicked") return error(403, `Forbidden: bot was kicked from the ${where} chat`);
    if (status === "left") return error(403, `Forbidden: bot is not a member of the ${where} chat`);
    if (p.message_id === undefined || p.message_id === null || p.message_id === "")
      return bad("message identifier is not specified");
    const m = messages.find((x) => x.chat_id === entry.chat.id && x.message_id === Number(p.message_id) && !x.deleted);
    if (!m) return bad("message to delete not found");
    const admin = status === "administrator" || status === "creator";
    if (!admin && (where === "channel" || Date.now() / 1000 - m.date >= DELETE_WINDOW_S))
      return bad("message can't be deleted");
    m.deleted = true;
    return ok(true);
  };

  const getChatMemberCount = (p: Record<string, unknown>): FakeReply => {
    const entry = deps.findChat(p.chat_id);
    if (!entry) return bad("chat not found");
    if (entry.migratedTo)
      return error(400, "Bad Request: group chat was upgraded to a supergroup chat", {
        migrate_to_chat_id: entry.migratedTo,
      });
    const status = entry.members.get(deps.botId) ?? "left";
    if (entry.chat.type === "channel" && status !== "administrator" && status !== "creator")
      return bad("member list is inaccessible");
    return ok(entry.memberCount ?? entry.members.size);
  };

  return {
    messages,
    methods: {
      sendMessage,
      sendPhoto: sendFile("sendPhoto", "photo"),
      sendVideo: sendFile("sendVideo", "video"),
      sendAnimation: sendFile("sendAnimation", "animation"),
      sendDocument: sendFile("sendDocument", "document"),
      sendMediaGroup,
      deleteMessage,
      getChatMemberCount,
    } as Record<string, (params: Record<string, unknown>) => FakeReply>,
  };
};
