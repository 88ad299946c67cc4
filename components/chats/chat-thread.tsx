"use client";

import { Button } from "@/components/ui/button";
import { InlineStatus } from "@/components/ui/inline-status";
import { LoadingRows } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/query/fetcher";
import type { TMessage } from "@/lib/query/chats";
import type { TInboxChat, TSendMessageBody } from "@/lib/schemas/messages";
import { chatTitle } from "./chat-list-item";
import { Composer } from "./composer";
import { MessageBubble } from "./message-bubble";

// The selected conversation: its header with mark read and archive, the messages oldest at the top,
// and the composer.

type Props = {
  chat: TInboxChat;
  messages: TMessage[];
  isLoading: boolean;
  error: unknown;
  busy: boolean;
  onSend: (request: TSendMessageBody) => void;
  onMarkRead: () => void;
  onArchive: () => void;
};

export const ChatThread = ({ chat, messages, isLoading, error, busy, onSend, onMarkRead, onArchive }: Props) => (
  <section
    className="flex flex-col gap-3"
    data-testid="chat-thread"
    aria-label={`Conversation with ${chatTitle(chat)}`}
  >
    <header className="flex flex-wrap items-center gap-2 border-b border-slate-100 pb-2">
      <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">{chatTitle(chat)}</h2>
      <span className="text-xs text-slate-500" data-testid="thread-window">
        {chat.within_messaging_window ? "Window open" : "Window closed"}
      </span>
      <Button variant="ghost" size="sm" onClick={onMarkRead} disabled={busy || chat.unread_count === 0}>
        Mark read
      </Button>
      <Button variant="ghost" size="sm" onClick={onArchive} disabled={busy}>
        {chat.archived ? "Unarchive" : "Archive"}
      </Button>
    </header>
    {isLoading ? (
      <LoadingRows label="Loading messages…" />
    ) : error ? (
      <InlineStatus>{errorMessage(error)}</InlineStatus>
    ) : (
      <ol className="flex max-h-[28rem] flex-col-reverse gap-2 overflow-y-auto" data-testid="thread-messages">
        {messages.map((m) => (
          <MessageBubble key={m.id} message={m} />
        ))}
      </ol>
    )}
    <Composer key={chat.id} chat={chat} onSend={onSend} />
  </section>
);
