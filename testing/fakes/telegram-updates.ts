// Bot API Update objects (https://core.telegram.org/bots/api#update) for a channel with a linked
// discussion group, as Telegram delivers them to a webhook: each channel post is forwarded
// automatically into the group, a comment replies to that forward, a reply to a comment replies to it.
// Telegram sends them in order, one at a time, with X-Telegram-Bot-Api-Secret-Token.

type Chat = { id: number; type: "channel" | "supergroup"; title: string; username?: string };
type User = { id: number; is_bot: false; first_name: string; username?: string };

let nextUpdateId = 700_000_001;

export const discussion = ({ channel, group }: { channel: Chat; group: Chat }) => {
  let nextMessageId = 1;
  // The automatic forward of channel post `channelMessageId` into the group (its group message).
  const forwardOf = (channelMessageId: number) => ({
    message_id: 10_000 + channelMessageId,
    date: Math.floor(Date.now() / 1000),
    chat: group,
    sender_chat: channel,
    is_automatic_forward: true,
    forward_origin: {
      type: "channel",
      chat: channel,
      message_id: channelMessageId,
      date: Math.floor(Date.now() / 1000),
    },
    text: "(the channel post)",
  });
  const message = (from: User, text: string, replyTo: Record<string, unknown>, threadId: number) => ({
    message_id: nextMessageId++,
    from,
    chat: group,
    date: Math.floor(Date.now() / 1000),
    message_thread_id: threadId,
    reply_to_message: replyTo,
    text,
  });
  return {
    // A comment on channel post `channelMessageId`.
    comment(from: User, text: string, channelMessageId: number) {
      const forward = forwardOf(channelMessageId);
      return { update_id: nextUpdateId++, message: message(from, text, forward, forward.message_id) };
    },
    // A reply to a comment (given as the update that carried it).
    reply(
      from: User,
      text: string,
      to: {
        message: { message_id: number; message_thread_id: number; chat: Chat; from: User; date: number; text: string };
      },
    ) {
      const { message_id, chat, from: author, date, text: quoted, message_thread_id } = to.message;
      return {
        update_id: nextUpdateId++,
        message: message(
          from,
          text,
          { message_id, chat, from: author, date, text: quoted, message_thread_id },
          message_thread_id,
        ),
      };
    },
    // The forward itself arriving as a message (the bot sees it in the group): not a comment.
    forward(channelMessageId: number) {
      return { update_id: nextUpdateId++, message: forwardOf(channelMessageId) };
    },
  };
};
