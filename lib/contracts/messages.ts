import { z } from "zod";
import {
  ZChat,
  ZChatList,
  ZChatParams,
  ZCreateChatBody,
  ZListChatsQuery,
  ZListMessagesQuery,
  ZMessage,
  ZMessageList,
  ZMessageParams,
  ZProfileChatsParams,
  ZReactBody,
  ZIceBreakerList,
  ZIceBreakersBody,
  ZEditMessageBody,
  ZSendMessageBody,
  ZInboxChatList,
  ZInboxChatsQuery,
} from "@/lib/schemas/messages";
import { defineEndpoint } from "./define";
import { ZErrorBody } from "@/lib/schemas/common";
import { R400, R401, R404, R409, R422 } from "./responses";

const tag = "Direct messages";
const THREADS = "Networks without direct messages (threads) answer 422.";

export const listChats = defineEndpoint({
  operationId: "listChats",
  method: "GET",
  path: "/api/profiles/{id}/chats",
  tag,
  summary: "Chats of a profile, most recent activity first",
  description: `\`page\` zero-based (default 0), \`per_page\` default 20 (at most 100). \`before\`/\`after\` (ISO 8601) filter on \`last_message_at\`; \`placement_id\` (a WhatsApp number) and \`archived\` narrow the list. ${THREADS}`,
  auth: "apiKey",
  params: ZProfileChatsParams,
  query: ZListChatsQuery,
  responses: { 200: { description: "A page of chats", schema: ZChatList }, ...R400, ...R401, ...R404, ...R422 },
});

export const createChat = defineEndpoint({
  operationId: "createChat",
  method: "POST",
  path: "/api/profiles/{id}/chats",
  tag,
  summary: "Find or create the chat with a participant",
  description: `The same participant (normalised per network: WhatsApp keeps digits only) on the same placement always gives the same chat. \`placement_id\` is required on WhatsApp (the phone number the chat runs on; a number of another group answers 404). ${THREADS}`,
  auth: "apiKey",
  params: ZProfileChatsParams,
  body: ZCreateChatBody,
  idempotent: true,
  responses: { 200: { description: "The chat", schema: ZChat }, ...R401, ...R404, ...R409, ...R422 },
});

export const getChat = defineEndpoint({
  operationId: "getChat",
  method: "GET",
  path: "/api/chats/{id}",
  tag,
  summary: "A chat, by id or external_conversation_id",
  auth: "apiKey",
  params: ZChatParams,
  responses: { 200: { description: "The chat", schema: ZChat }, ...R401, ...R404 },
});

export const listMessages = defineEndpoint({
  operationId: "listMessages",
  method: "GET",
  path: "/api/chats/{id}/messages",
  tag,
  summary: "Messages of a chat, most recent first",
  description:
    "`page` zero-based (default 0), `per_page` default 20 (at most 100); `direction` (`inbound`, `outbound`) and `status` filter.",
  auth: "apiKey",
  params: ZChatParams,
  query: ZListMessagesQuery,
  responses: { 200: { description: "A page of messages", schema: ZMessageList }, ...R400, ...R401, ...R404 },
});

export const sendMessage = defineEndpoint({
  operationId: "sendMessage",
  method: "POST",
  path: "/api/chats/{id}/messages",
  tag,
  summary: "Send a message (asynchronous)",
  description:
    "Answers the stored message with status `pending`; it then becomes `published` (`message.sent`), `failed_waiting_for_retry` (retried after 1, 5 and 30 minutes or the network's Retry-After), `failed` (`message.failed`, with `error_details`) or `delivery_unconfirmed` (no answer and the network cannot be read back: never resent). One send carries text or one media URL. Every rule is checked first (one 422 lists each problem): fields the network does not take (`quick_replies`, `buttons`, `card` on WhatsApp and Telegram; `reply_markup` off Telegram), WhatsApp's one payload per call (`body`, `media`, `template`, `interactive`, `location`, `contacts`) and `category: utility` only with `body`; outside the 24-hour window (instagram, facebook, whatsapp) only a WhatsApp `template` or `category: utility`; a Telegram user who never wrote to the bot. Sandbox chats rehearse outcomes with `#sandbox-fail`, `#sandbox-retry`, `#sandbox-timeout` and `#sandbox-unconfirmed` in the body.",
  auth: "apiKey",
  params: ZChatParams,
  body: ZSendMessageBody,
  idempotent: true,
  responses: {
    202: { description: "The pending message", schema: ZMessage },
    ...R400,
    ...R401,
    ...R404,
    ...R409,
    ...R422,
  },
});

export const getMessage = defineEndpoint({
  operationId: "getMessage",
  method: "GET",
  path: "/api/messages/{id}",
  tag,
  summary: "A message, by id or the network's id",
  auth: "apiKey",
  params: ZMessageParams,
  responses: { 200: { description: "The message", schema: ZMessage }, ...R401, ...R404 },
});

const NETWORK_FAILURE = {
  429: { description: "The network is rate limiting: retry after the Retry-After header", schema: ZErrorBody },
  502: { description: "The network did not answer or failed", schema: ZErrorBody },
};

export const markChatRead = defineEndpoint({
  operationId: "markChatRead",
  method: "POST",
  path: "/api/chats/{id}/mark_read",
  tag,
  summary: "Mark a chat read",
  description: `Stamps \`metadata.read_at\` on every network; on WhatsApp also sends a read receipt for the participant's last message (blue ticks). A receipt the network refuses changes nothing (422, or 429/502 when the network is rate limiting or does not answer). ${THREADS}`,
  auth: "apiKey",
  params: ZChatParams,
  responses: { 200: { description: "The chat", schema: ZChat }, ...R401, ...R404, ...R422, ...NETWORK_FAILURE },
});

export const archiveChat = defineEndpoint({
  operationId: "archiveChat",
  method: "POST",
  path: "/api/chats/{id}/archive",
  tag,
  summary: "Archive a chat",
  description: `\`archived\` becomes true (\`GET /api/profiles/{id}/chats?archived=false\` leaves it out). A new inbound message does not unarchive it. On Bluesky the conversation is also muted on the network (unarchive unmutes it); a refusal there changes nothing (422, 429, 502). ${THREADS}`,
  auth: "apiKey",
  params: ZChatParams,
  responses: { 200: { description: "The chat, archived", schema: ZChat }, ...R401, ...R404, ...R422 },
});

export const unarchiveChat = defineEndpoint({
  operationId: "unarchiveChat",
  method: "DELETE",
  path: "/api/chats/{id}/archive",
  tag,
  summary: "Unarchive a chat",
  auth: "apiKey",
  params: ZChatParams,
  responses: { 200: { description: "The chat, not archived", schema: ZChat }, ...R401, ...R404, ...R422 },
});

export const adminListChats = defineEndpoint({
  operationId: "adminListChats",
  method: "GET",
  path: "/api/admin/chats",
  tag: "Admin (staff session)",
  summary: "The chat inbox: chats across the caller's profiles, most recent activity first",
  description:
    "Every chat of the environment (or of `profile_group_id`), with `unread_count` (inbound messages after `metadata.read_at`), the profile's name and the network's `composer` capability. `platform`, `profile_id`, `placement_id` and `archived` narrow it; unknown values match nothing.",
  auth: "session",
  query: ZInboxChatsQuery,
  responses: { 200: { description: "A page of chats", schema: ZInboxChatList }, ...R401 },
});

export const reactToMessage = defineEndpoint({
  operationId: "reactToMessage",
  method: "POST",
  path: "/api/messages/{id}/react",
  tag,
  summary: "React to a message",
  description: `Sends our reaction to the network at once and keeps it in the message's \`reactions\` (replacing our earlier one). Which reactions each network takes: Bluesky a single emoji; Instagram \`love\`; Facebook named reactions (\`love\`, \`like\`, ...); WhatsApp any emoji. Other reactions, networks without reactions and messages not yet on the network answer 422; the network's refusal 422, 429 or 502. ${THREADS}`,
  auth: "apiKey",
  params: ZMessageParams,
  body: ZReactBody,
  responses: {
    200: { description: "The message", schema: ZMessage },
    ...R400,
    ...R401,
    ...R404,
    ...R422,
    ...NETWORK_FAILURE,
  },
});

export const editMessage = defineEndpoint({
  operationId: "editMessage",
  method: "PATCH",
  path: "/api/messages/{id}",
  tag,
  summary: "Edit one of our sent messages (Telegram only)",
  description: `Changes the text (a media message's caption) on the network at once, then the stored \`body\` and \`platform_data.edited_at\`, and emits \`message.edited\`. Networks that cannot edit messages, inbound messages and messages not yet sent answer 422; the network's refusal 422, 429 or 502. ${THREADS}`,
  auth: "apiKey",
  params: ZMessageParams,
  body: ZEditMessageBody,
  responses: {
    200: { description: "The edited message", schema: ZMessage },
    ...R400,
    ...R401,
    ...R404,
    ...R422,
    ...NETWORK_FAILURE,
  },
});

const TYPING = `Facebook (sender_action typing_on/typing_off as the Page) and WhatsApp (the indicator is shown with the participant's last message marked read; it ends by itself after about 25 seconds or with our next message, so stop_typing calls nothing there). Other networks, and chats outside the 24-hour window, answer 422; the network's refusal 422, 429 or 502. ${THREADS}`;

export const startTyping = defineEndpoint({
  operationId: "startTyping",
  method: "POST",
  path: "/api/chats/{id}/start_typing",
  tag,
  summary: "Show the typing indicator in a chat",
  description: TYPING,
  auth: "apiKey",
  params: ZChatParams,
  responses: { 200: { description: "The chat", schema: ZChat }, ...R401, ...R404, ...R422, ...NETWORK_FAILURE },
});

export const stopTyping = defineEndpoint({
  operationId: "stopTyping",
  method: "POST",
  path: "/api/chats/{id}/stop_typing",
  tag,
  summary: "Hide the typing indicator in a chat",
  description: TYPING,
  auth: "apiKey",
  params: ZChatParams,
  responses: { 200: { description: "The chat", schema: ZChat }, ...R401, ...R404, ...R422, ...NETWORK_FAILURE },
});

const ZSuccess = z.object({ success: z.literal(true) });
const ICE_BREAKERS = `Instagram only (other networks answer 422): the questions offered to someone opening a conversation, held by the network (messenger_profile). A referral into an Instagram conversation needs at least one set. The network's refusal answers 422, 429 or 502. ${THREADS}`;

export const listIceBreakers = defineEndpoint({
  operationId: "listIceBreakers",
  method: "GET",
  path: "/api/profiles/{id}/ice_breakers",
  tag,
  summary: "The profile's ice breakers",
  description: ICE_BREAKERS,
  auth: "apiKey",
  params: ZProfileChatsParams,
  responses: {
    200: { description: "The ice breakers", schema: ZIceBreakerList },
    ...R401,
    ...R404,
    ...R422,
    ...NETWORK_FAILURE,
  },
});

export const setIceBreakers = defineEndpoint({
  operationId: "setIceBreakers",
  method: "POST",
  path: "/api/profiles/{id}/ice_breakers",
  tag,
  summary: "Replace the profile's ice breakers (1 to 4)",
  description: ICE_BREAKERS,
  auth: "apiKey",
  params: ZProfileChatsParams,
  body: ZIceBreakersBody,
  responses: { 200: { description: "Set", schema: ZSuccess }, ...R400, ...R401, ...R404, ...R422, ...NETWORK_FAILURE },
});

export const deleteIceBreakers = defineEndpoint({
  operationId: "deleteIceBreakers",
  method: "DELETE",
  path: "/api/profiles/{id}/ice_breakers",
  tag,
  summary: "Remove the profile's ice breakers",
  description: ICE_BREAKERS,
  auth: "apiKey",
  params: ZProfileChatsParams,
  responses: { 200: { description: "Removed", schema: ZSuccess }, ...R401, ...R404, ...R422, ...NETWORK_FAILURE },
});
