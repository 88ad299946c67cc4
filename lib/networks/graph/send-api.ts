import { z } from "zod";
import { mediaTypeOfUrl } from "../message-media";
import type { MessageRequest } from "../types";

// The Messenger Platform Send API body (facebook POST /{page-id}/messages, instagram POST
// /{ig-id}/messages; Meta's Messenger Send API), form-encoded with JSON values: `recipient`
// {id}, `messaging_type` RESPONSE (MESSAGE_TAG with `tag` HUMAN_AGENT), and `message`: {text}, one
// attachment by URL, a button template (`buttons`: the body above them), or a generic template
// (`card`: the body as its title, with the buttons), plus `quick_replies`. Answered {recipient_id,
// message_id}.

export const ZSendAnswer = z.object({ message_id: z.string(), recipient_id: z.coerce.string().optional() }).loose();

const ATTACHMENT_TYPES = { image: "image", video: "video", audio: "audio" } as const;

const buttonsOf = (request: MessageRequest) =>
  request.buttons?.map((b) =>
    b.type === "web_url"
      ? { type: "web_url", title: b.title, url: b.url }
      : { type: "postback", title: b.title, payload: b.payload },
  );

const messageOf = (request: MessageRequest): Record<string, unknown> => {
  const buttons = buttonsOf(request);
  const body = request.body ?? "";
  if (request.card) {
    const element = { title: body, ...request.card, ...(buttons && { buttons }) };
    return { attachment: { type: "template", payload: { template_type: "generic", elements: [element] } } };
  }
  if (buttons) return { attachment: { type: "template", payload: { template_type: "button", text: body, buttons } } };
  const media = request.media?.[0];
  if (media) {
    const kind = mediaTypeOfUrl(media);
    const type =
      kind in ATTACHMENT_TYPES
        ? ATTACHMENT_TYPES[kind as keyof typeof ATTACHMENT_TYPES]
        : kind === "sticker" || kind === "story_mention"
          ? "image"
          : "file";
    return { attachment: { type, payload: { url: media, is_reusable: false } } };
  }
  return { text: body };
};

// `privateReplyTo`: a private reply to that comment (`recipient: {comment_id}`): the network finds the
// commenter, and answers their messaging id as `recipient_id`.
export const sendApiForm = (
  participantExternalId: string,
  request: MessageRequest,
  privateReplyTo?: string | null,
): Record<string, string> => {
  const quickReplies = request.quick_replies?.map((q) => ({
    content_type: "text",
    title: q.title,
    payload: q.payload,
  }));
  const message = { ...messageOf(request), ...(quickReplies && { quick_replies: quickReplies }) };
  return {
    recipient: JSON.stringify(privateReplyTo ? { comment_id: privateReplyTo } : { id: participantExternalId }),
    messaging_type: request.tag ? "MESSAGE_TAG" : "RESPONSE",
    ...(request.tag && { tag: request.tag }),
    message: JSON.stringify(message),
  };
};

// A sender action (Send API `sender_action`): typing_on/typing_off, or react/unreact with
// `payload` {message_id, reaction}. No message, no messaging_type. Answered {recipient_id}.
export const senderActionForm = (
  participantExternalId: string,
  action: "typing_on" | "typing_off" | "react" | "unreact",
  payload?: { message_id: string; reaction: string },
): Record<string, string> => ({
  recipient: JSON.stringify({ id: participantExternalId }),
  sender_action: action,
  ...(payload && { payload: JSON.stringify(payload) }),
});
export const ZSenderActionAnswer = z.object({ recipient_id: z.coerce.string().optional() }).loose();

// Messenger's named reactions and the emoji it sends for them (the reactToMessage endpoint in lib/contracts/messages.ts:
// facebook named reactions map to emoji). An emoji among them is taken as is.
export const MESSENGER_REACTIONS: Record<string, string> = {
  like: "👍",
  love: "❤️",
  haha: "😆",
  wow: "😮",
  sad: "😢",
  angry: "😠",
};
