import "server-only";
import { unprocessable } from "@/lib/errors";
import { withinWindow } from "@/lib/serializers/message";
import type { Principal } from "@/lib/principal";
import { db, type Prisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { sendEvent } from "@/lib/jobs/send";
import { mediaTypeOfUrl } from "@/lib/networks/message-media";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import type { MessageRequest, Messaging } from "@/lib/networks/types";
import type { TSendMessageBody } from "@/lib/schemas/messages";
import { recordCommit } from "@/lib/services/idempotency/commit";
import { profileAuthOf } from "@/lib/services/connections/profile-auth";
import { managementError } from "@/lib/services/listings/managed";
import { freshAuth } from "@/lib/services/posts/publish-input";
import { mediaLimitProblems } from "./media-limits";
import { chatOrThrow, messagingContext, messagingFor } from "./support";

// POST /api/chats/:id/messages: every rule is checked before anything is written (one 422 lists each
// problem), then the message is stored `pending` and its sending requested in the same transaction
// (function send-message, lib/services/messages/send-attempt.ts). The answer is the pending message.

const PAYLOADS = ["body", "media", "template", "interactive", "location", "contacts"] as const;

const givenFields = (request: MessageRequest) =>
  (Object.keys(request) as (keyof MessageRequest)[]).filter((key) => request[key] !== undefined);

export const sendRuleProblems = (
  messaging: Messaging<Record<string, unknown>>,
  network: string,
  request: MessageRequest,
  // `privateReply`: a private reply to a comment, which the window does not apply to.
  chat: { group: boolean; lastInboundAt: Date | null; privateReply?: boolean },
  now = new Date(),
): string[] => {
  const given = givenFields(request);
  const problems = given
    .filter((key) => !messaging.fields.has(key))
    .map((key) => `${key} is not supported on ${network}`);
  if (!PAYLOADS.some((key) => request[key] !== undefined && (key !== "body" || request.body!.trim() !== ""))) {
    problems.push("A message needs a body or media");
  }
  if ((request.media?.length ?? 0) > 1) problems.push("media: one attachment per message");
  problems.push(...messaging.check(request, chat));
  if (messaging.participantWritesFirst && chat.lastInboundAt === null) {
    problems.push(`The user has not messaged the bot yet: a ${network} bot cannot start a conversation`);
  } else if (
    !chat.privateReply &&
    !withinWindow(chat, messaging.windowHours, now) &&
    !messaging.bypassesWindow?.(request)
  ) {
    problems.push(
      `Outside the ${messaging.windowHours}-hour messaging window: the participant has not written in the last ${messaging.windowHours} hours`,
    );
  }
  return problems;
};

export const sendMessage = async ({
  principal,
  chatId,
  input,
}: {
  principal: Principal;
  chatId: string;
  input: TSendMessageBody;
}) => {
  const chat = await chatOrThrow({ principal, id: chatId });
  const { connector, messaging } = messagingFor(chat.profile);
  if (chat.profile.status !== "active") throw unprocessable(["Profile is disconnected: reconnect it to send messages"]);
  const request = Object.fromEntries(givenFields(input).map((key) => [key, input[key]])) as MessageRequest;
  const problems = sendRuleProblems(messaging, DISPLAY_NAMES[chat.platform], request, chat);
  if (problems.length) throw unprocessable(problems);
  const mediaProblems = await mediaLimitProblems(messaging, DISPLAY_NAMES[chat.platform], request.media);
  if (mediaProblems.length) throw unprocessable(mediaProblems);
  // Where the network says up front whether the participant takes messages (bluesky chat settings), a
  // refusal is a 422 before anything is stored.
  if (messaging.openConversation)
    await messaging
      .openConversation(messagingContext(connector, chat.profileId), {
        auth: profileAuthOf(await freshAuth(connector, chat.profileId)),
        participantExternalId: chat.participantExternalId,
      })
      .catch((err: unknown) => {
        throw managementError(err, connector.displayName);
      });
  const message = await db.$transaction(async (tx) => {
    const now = new Date();
    const row = await tx.message.create({
      data: {
        id: newId("message"),
        chatId: chat.id,
        accountId: chat.accountId,
        environment: chat.environment,
        profileGroupId: chat.profileGroupId,
        profileId: chat.profileId,
        platform: chat.platform,
        direction: "outbound",
        status: "pending",
        body: request.body ?? null,
        request: request as Prisma.InputJsonObject,
        tag: request.tag ?? null,
        replyToExternalId: request.reply_to_external_id ?? null,
        attachments: (request.media ?? []).map((url) => ({
          id: newId("messageAttachment"),
          type: mediaTypeOfUrl(url),
          url,
          external_id: null,
        })),
      },
    });
    await tx.chat.update({ where: { id: chat.id }, data: { lastOutboundAt: now, lastMessageAt: now } });
    await sendEvent(
      { name: "app/message.send.requested", id: `send:${row.id}`, data: { messageId: row.id, chatId: chat.id } },
      { tx },
    );
    await recordCommit(tx, { resource: "message", id: row.id });
    return row;
  });
  return message;
};
