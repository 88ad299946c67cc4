import { randomBytes } from "node:crypto";
import type { FakeRequest } from "./graph-oauth";
import { graphError, type Reply } from "./graph-state";

// The Messenger Platform Send API on the Graph fake: POST /{page-id}/messages (facebook, as the Page)
// and POST /{ig-id}/messages (graph.instagram.com), as Meta documents it. Unknown parameters, unknown
// keys of recipient, message, attachments, templates, buttons and quick replies, and values outside
// their enums are refused (code 100); so are more than 13 quick replies, more than 3 buttons, and a
// message with both or neither of text and attachment. A RESPONSE/UPDATE message to someone who has
// not written in 24 hours is refused as Meta does (code 10, subcode 2018278); HUMAN_AGENT stretches
// that to 7 days. Sent messages are kept in `sent`. A private reply (`recipient: {comment_id}`) reaches
// the author of a comment of the same family (facebook: on the sending Page's post), window or not, as
// Meta does: at most 7 days after the comment (code 10903 after that) and once per comment (code 10900
// for a second), text only; the answer's `recipient_id` is the commenter's messaging id (facebook: a
// page-scoped id, unlike the comment's `from.id`; instagram: the same id).

export type MessengerFamily = "facebook" | "instagram";
export type MessengerSent = {
  family: MessengerFamily;
  from: string;
  recipient: string;
  messagingType: string;
  tag: string | null;
  message: Record<string, unknown>;
  id: string;
  commentId?: string;
};
// What a private reply needs to know of a comment on the fake (graph-content.ts).
export type PrivateReplyTarget = { family: MessengerFamily; fromId: string; createdAt: number; pageId?: string };
// Facebook's page-scoped id of a commenter, as the Send API answers it to a private reply.
export const pageScopedId = (fromId: string) => `9${fromId}`;

const TOP_LEVEL = new Set([
  "recipient",
  "messaging_type",
  "message",
  "tag",
  "notification_type",
  "persona_id",
  "sender_action",
  "payload",
  "access_token",
  "appsecret_proof",
]);
const RECIPIENT = new Set(["id", "comment_id", "post_id", "user_ref", "notification_messages_token"]);
const MESSAGE = new Set(["text", "attachment", "quick_replies", "metadata"]);
const MESSAGING_TYPES = new Set(["RESPONSE", "UPDATE", "MESSAGE_TAG"]);
const TAGS: Record<MessengerFamily, Set<string>> = {
  facebook: new Set([
    "HUMAN_AGENT",
    "ACCOUNT_UPDATE",
    "CONFIRMED_EVENT_UPDATE",
    "POST_PURCHASE_UPDATE",
    "CUSTOMER_FEEDBACK",
  ]),
  instagram: new Set(["HUMAN_AGENT"]),
};
const ATTACHMENT_TYPES = new Set(["image", "video", "audio", "file", "template"]);
const MEDIA_PAYLOAD = new Set(["url", "is_reusable", "attachment_id"]);
const TEMPLATE_TYPES = new Set(["button", "generic"]);
const BUTTON = new Set(["type", "title", "url", "payload", "webview_height_ratio"]);
const BUTTON_TYPES = new Set(["web_url", "postback", "phone_number"]);
const ELEMENT = new Set(["title", "subtitle", "image_url", "default_action", "buttons"]);
const QUICK_REPLY = new Set(["content_type", "title", "payload", "image_url"]);
const QUICK_REPLY_TYPES = new Set(["text", "user_phone_number", "user_email"]);
const TEXT_LIMIT: Record<MessengerFamily, number> = { facebook: 2000, instagram: 1000 };
const DAY_MS = 24 * 3600_000;
// Sender actions (typing indicators, seen, reactions): no message, no messaging_type; react/unreact
// carry `payload` {message_id, reaction}. Instagram reacts with `love` only; Messenger with an emoji.
const SENDER_ACTIONS = new Set(["typing_on", "typing_off", "mark_seen", "react", "unreact"]);
const REACTION_PAYLOAD = new Set(["message_id", "reaction"]);
const oneEmoji = (v: unknown) =>
  typeof v === "string" &&
  [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(v)].length === 1 &&
  /\p{Extended_Pictographic}/u.test(v);
export type MessengerAction = {
  family: MessengerFamily;
  from: string;
  recipient: string;
  action: string;
  payload: Obj | null;
};

const invalid = (message: string) => graphError(400, { message: `(#100) ${message}`, code: 100 });
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const json = (value: string | undefined): unknown => {
  try {
    return value === undefined ? undefined : JSON.parse(value);
  } catch {
    return value;
  }
};
// The first key of `value` outside `allowed`, as Graph names it.
const unknownKey = (value: Obj, allowed: Set<string>, where: string) => {
  const key = Object.keys(value).find((k) => !allowed.has(k));
  return key ? invalid(`Param ${where}[${key}] is not a valid parameter`) : null;
};

const checkButtons = (buttons: unknown, where: string): Reply | null => {
  if (!Array.isArray(buttons) || buttons.length < 1 || buttons.length > 3)
    return invalid(`${where}[buttons] must have 1 to 3 buttons`);
  for (const [i, b] of buttons.entries()) {
    if (!isObj(b)) return invalid(`${where}[buttons][${i}] must be an object`);
    const bad = unknownKey(b, BUTTON, `${where}[buttons][${i}]`);
    if (bad) return bad;
    if (!BUTTON_TYPES.has(String(b.type)))
      return invalid(`Param ${where}[buttons][${i}][type] must be one of {${[...BUTTON_TYPES].join(", ")}}`);
    if (typeof b.title !== "string" || b.title.length > 20)
      return invalid(`${where}[buttons][${i}][title] is required, at most 20 characters`);
    if (b.type === "web_url" && typeof b.url !== "string") return invalid(`${where}[buttons][${i}][url] is required`);
    if (b.type === "postback" && typeof b.payload !== "string")
      return invalid(`${where}[buttons][${i}][payload] is required`);
  }
  return null;
};

const checkAttachment = (a: unknown): Reply | null => {
  if (!isObj(a)) return invalid("message[attachment] must be an object");
  const bad = unknownKey(a, new Set(["type", "payload"]), "message[attachment]");
  if (bad) return bad;
  if (!ATTACHMENT_TYPES.has(String(a.type)))
    return invalid(`Param message[attachment][type] must be one of {${[...ATTACHMENT_TYPES].join(", ")}}`);
  const p = a.payload;
  if (!isObj(p)) return invalid("message[attachment][payload] is required");
  if (a.type !== "template")
    return (
      unknownKey(p, MEDIA_PAYLOAD, "message[attachment][payload]") ??
      (typeof p.url === "string" ? null : invalid("message[attachment][payload][url] is required"))
    );
  if (!TEMPLATE_TYPES.has(String(p.template_type)))
    return invalid(
      `Param message[attachment][payload][template_type] must be one of {${[...TEMPLATE_TYPES].join(", ")}}`,
    );
  if (p.template_type === "button") {
    const extra = unknownKey(p, new Set(["template_type", "text", "buttons"]), "message[attachment][payload]");
    if (extra) return extra;
    if (typeof p.text !== "string" || p.text.length < 1 || p.text.length > 640)
      return invalid("message[attachment][payload][text] is required, at most 640 characters");
    return checkButtons(p.buttons, "message[attachment][payload]");
  }
  const extra = unknownKey(
    p,
    new Set(["template_type", "elements", "image_aspect_ratio"]),
    "message[attachment][payload]",
  );
  if (extra) return extra;
  if (!Array.isArray(p.elements) || p.elements.length < 1 || p.elements.length > 10)
    return invalid("message[attachment][payload][elements] must have 1 to 10 elements");
  for (const [i, e] of p.elements.entries()) {
    const where = `message[attachment][payload][elements][${i}]`;
    if (!isObj(e)) return invalid(`${where} must be an object`);
    const badKey = unknownKey(e, ELEMENT, where);
    if (badKey) return badKey;
    if (typeof e.title !== "string" || e.title.length < 1 || e.title.length > 80)
      return invalid(`${where}[title] is required, at most 80 characters`);
    if (e.buttons !== undefined) {
      const badButtons = checkButtons(e.buttons, where);
      if (badButtons) return badButtons;
    }
  }
  return null;
};

const checkQuickReplies = (q: unknown): Reply | null => {
  if (!Array.isArray(q) || q.length < 1 || q.length > 13)
    return invalid("message[quick_replies] must have 1 to 13 items");
  for (const [i, r] of q.entries()) {
    if (!isObj(r)) return invalid(`message[quick_replies][${i}] must be an object`);
    const bad = unknownKey(r, QUICK_REPLY, `message[quick_replies][${i}]`);
    if (bad) return bad;
    if (!QUICK_REPLY_TYPES.has(String(r.content_type)))
      return invalid(
        `Param message[quick_replies][${i}][content_type] must be one of {${[...QUICK_REPLY_TYPES].join(", ")}}`,
      );
    if (
      r.content_type === "text" &&
      (typeof r.title !== "string" || r.title.length > 20 || typeof r.payload !== "string")
    )
      return invalid(`message[quick_replies][${i}] needs a title (at most 20 characters) and a payload`);
  }
  return null;
};

const privateReplyError = (message: string, code: number) =>
  graphError(400, { message: `(#${code}) ${message}`, code });

export const createMessengerMessages = (
  now: () => number,
  commentOf: (id: string) => PrivateReplyTarget | undefined = () => undefined,
) => {
  const sent: MessengerSent[] = [];
  const privatelyAnswered = new Set<string>();

  // The commenter reached by a private reply, or Graph's refusal.
  const privateRecipient = (
    family: MessengerFamily,
    from: string,
    commentId: unknown,
    message: Obj,
  ): { recipient: string } | Reply => {
    const c = typeof commentId === "string" ? commentOf(commentId) : undefined;
    if (!c || c.family !== family || (family === "facebook" && c.pageId !== from))
      return invalid("recipient[comment_id] is not a comment this account can reply to");
    if (message.text === undefined || message.quick_replies !== undefined)
      return invalid("A private reply takes message[text] only");
    if (now() - c.createdAt > 7 * DAY_MS)
      return privateReplyError(
        "This activity can't be replied to: private replies are allowed within 7 days of the comment",
        10903,
      );
    if (privatelyAnswered.has(commentId as string)) return privateReplyError("Activity already replied to", 10900);
    return { recipient: family === "facebook" ? pageScopedId(c.fromId) : c.fromId };
  };
  const lastInbound = new Map<string, number>(); // `${family}:${account}:${participant}` -> ms

  const actions: MessengerAction[] = [];
  const senderAction = (family: MessengerFamily, from: string, form: Record<string, string>): Reply => {
    const action = form.sender_action!;
    if (!SENDER_ACTIONS.has(action))
      return invalid(`Param sender_action must be one of {${[...SENDER_ACTIONS].join(", ")}}`);
    if (form.message !== undefined || form.messaging_type !== undefined || form.tag !== undefined)
      return invalid("sender_action cannot be sent with message, messaging_type or tag");
    const recipient = json(form.recipient);
    if (!isObj(recipient) || typeof recipient.id !== "string" || Object.keys(recipient).length !== 1)
      return invalid("recipient[id] is required");
    const react = action === "react" || action === "unreact";
    const payload = json(form.payload);
    if (react !== (payload !== undefined)) return invalid("Param payload is required with react and unreact only");
    if (react) {
      if (!isObj(payload)) return invalid("payload must be an object");
      const bad = unknownKey(payload, REACTION_PAYLOAD, "payload");
      if (bad) return bad;
      if (typeof payload.message_id !== "string") return invalid("payload[message_id] is required");
      const known = [...sent].some((m) => m.id === payload.message_id) || inboundIds.has(payload.message_id);
      if (!known) return invalid("payload[message_id] is not a message of this conversation");
      if (action === "react" && (family === "instagram" ? payload.reaction !== "love" : !oneEmoji(payload.reaction)))
        return invalid(
          family === "instagram" ? "payload[reaction] must be love" : "payload[reaction] must be an emoji",
        );
    }
    const since = lastInbound.get(`${family}:${from}:${recipient.id}`);
    if (since === undefined || now() - since > DAY_MS)
      return graphError(400, {
        message: "(#10) This message is sent outside of allowed window.",
        code: 10,
        error_subcode: 2018278,
      });
    actions.push({ family, from, recipient: recipient.id, action, payload: react ? (payload as Obj) : null });
    return { status: 200, body: { recipient_id: recipient.id } };
  };
  const inboundIds = new Set<string>();

  const send = (family: MessengerFamily, from: string, req: FakeRequest): Reply => {
    const form = req.form;
    const unknown = Object.keys(form).find((k) => !TOP_LEVEL.has(k));
    if (unknown) return invalid(`Param ${unknown} is not a valid parameter`);
    if (form.sender_action !== undefined) return senderAction(family, from, form);
    if (form.payload !== undefined) return invalid("Param payload is only for sender actions");
    const type = form.messaging_type;
    if (!type || !MESSAGING_TYPES.has(type))
      return invalid(`Param messaging_type must be one of {${[...MESSAGING_TYPES].join(", ")}}`);
    const tag = form.tag ?? null;
    if ((type === "MESSAGE_TAG") !== (tag !== null))
      return invalid("Param tag is required with messaging_type MESSAGE_TAG, and only with it");
    if (tag !== null && !TAGS[family].has(tag))
      return invalid(`Param tag must be one of {${[...TAGS[family]].join(", ")}}`);
    const recipient = json(form.recipient);
    if (!isObj(recipient)) return invalid("The parameter recipient is required");
    const badRecipient = unknownKey(recipient, RECIPIENT, "recipient");
    if (badRecipient) return badRecipient;
    const commentId = recipient.comment_id;
    if (commentId !== undefined && Object.keys(recipient).length > 1)
      return invalid("recipient takes one of id and comment_id");
    if (commentId === undefined && typeof recipient.id !== "string") return invalid("recipient[id] is required");
    const message = json(form.message);
    if (!isObj(message)) return invalid("The parameter message is required");
    const badMessage = unknownKey(message, MESSAGE, "message");
    if (badMessage) return badMessage;
    if ((message.text === undefined) === (message.attachment === undefined))
      return invalid("Exactly one of message[text] and message[attachment] is required");
    if (
      message.text !== undefined &&
      (typeof message.text !== "string" || message.text.length < 1 || message.text.length > TEXT_LIMIT[family])
    ) {
      return invalid(`message[text] must be 1 to ${TEXT_LIMIT[family]} characters`);
    }
    const badAttachment = message.attachment === undefined ? null : checkAttachment(message.attachment);
    if (badAttachment) return badAttachment;
    const badQuick = message.quick_replies === undefined ? null : checkQuickReplies(message.quick_replies);
    if (badQuick) return badQuick;
    let to: string;
    if (commentId !== undefined) {
      const reached = privateRecipient(family, from, commentId, message);
      if (!("recipient" in reached)) return reached;
      privatelyAnswered.add(commentId as string);
      to = reached.recipient;
    } else {
      to = recipient.id as string;
      const since = lastInbound.get(`${family}:${from}:${to}`);
      const allowedMs = tag === "HUMAN_AGENT" ? 7 * DAY_MS : DAY_MS;
      if (since === undefined || now() - since > allowedMs) {
        return graphError(400, {
          message: "(#10) This message is sent outside of allowed window.",
          code: 10,
          error_subcode: 2018278,
        });
      }
    }
    const id = `m_${randomBytes(18).toString("base64url")}`;
    sent.push({
      family,
      from,
      recipient: to,
      messagingType: type,
      tag,
      message,
      id,
      ...(commentId !== undefined && { commentId: commentId as string }),
    });
    return { status: 200, body: { recipient_id: to, message_id: id } };
  };

  return {
    sent,
    actions,
    send,
    // A participant's message the fake delivered by webhook (reactions may name it).
    knowInbound: (id: string) => void inboundIds.add(id),
    // The participant wrote to the Page or account (opens the 24-hour window on the fake's side).
    participantWrote: (family: MessengerFamily, account: string, participant: string, at = now()) =>
      void lastInbound.set(`${family}:${account}:${participant}`, at),
  };
};
