"use client";

import { useEffect, useMemo, useState } from "react";
import { InlineStatus } from "@/components/ui/inline-status";
import { ListDetail, QueryStates } from "@/components/ui/query-states";
import { useChatAction, useChatMessages, useInboxChats, useSendMessage, type TChatFilters } from "@/lib/query/chats";
import { errorMessage } from "@/lib/query/fetcher";
import type { TSendMessageBody } from "@/lib/schemas/messages";
import { ChatFilters, type TChatGroup, type TChatPlacement, type TChatProfile } from "./chat-filters";
import { ChatListItem } from "./chat-list-item";
import { ChatThread } from "./chat-thread";
import { prunePending, threadWithPending, type TPendingSend } from "./optimistic-sends";

// The chat inbox: conversations across networks (one group or all), most recent activity first, with
// unread counts and the window state (GET /api/admin/chats, polled); the selected one's thread, whose
// sends show at once as pending and take their real status from the polled thread.

type Props = {
  groups: TChatGroup[];
  profiles: TChatProfile[];
  placements: TChatPlacement[];
  initialFilters: TChatFilters;
};

let tempSeq = 0;

export const ChatInbox = ({ groups, profiles, placements, initialFilters }: Props) => {
  const [filters, setFilters] = useState<TChatFilters>(initialFilters);
  const list = useInboxChats(filters);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const chats = useMemo(() => list.data?.data ?? [], [list.data]);
  const selected = chats.find((c) => c.id === selectedId) ?? chats[0] ?? null;
  const thread = useChatMessages(selected?.id ?? null);
  const send = useSendMessage();
  const action = useChatAction();
  const [pending, setPending] = useState<TPendingSend[]>([]);
  const [actionError, setActionError] = useState<string | null>(null);

  const server = thread.data?.data;
  useEffect(() => {
    if (server) setPending((p) => prunePending(p, server));
  }, [server]);
  const messages = useMemo(
    () => (selected ? threadWithPending(server ?? [], pending, selected.id) : []),
    [server, pending, selected],
  );

  const onSend = (request: TSendMessageBody) => {
    if (!selected) return;
    const tempId = `tmp_${++tempSeq}`;
    const chatId = selected.id;
    setPending((p) => [...p, { tempId, chatId, request, at: new Date().toISOString() }]);
    const patch = (change: Partial<TPendingSend>) =>
      setPending((p) => p.map((s) => (s.tempId === tempId ? { ...s, ...change } : s)));
    send.mutate(
      { chatId, body: request },
      { onSuccess: (m) => patch({ serverId: m.id }), onError: (err) => patch({ error: errorMessage(err) }) },
    );
  };

  const run = (a: "mark_read" | "archive" | "unarchive") => {
    if (!selected) return;
    setActionError(null);
    action.mutate({ chatId: selected.id, action: a }, { onError: (err) => setActionError(errorMessage(err)) });
  };

  return (
    <div>
      <ChatFilters
        groups={groups}
        profiles={profiles}
        placements={placements}
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setSelectedId(null);
        }}
      />
      {list.data && (
        <p className="mb-2 text-xs text-slate-500" data-testid="chats-total">
          {list.data.total} conversations
        </p>
      )}
      {actionError && <InlineStatus className="mb-3">{actionError}</InlineStatus>}
      <QueryStates
        query={list}
        count={chats.length}
        loadingLabel="Loading conversations…"
        empty={{ testId: "chats-empty", title: "No conversations", description: "Nothing matches these filters yet." }}
      >
        <ListDetail
          label="Conversations"
          testId="chat-list"
          className="lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
          listClassName="self-start"
          items={chats.map((c) => (
            <ChatListItem key={c.id} chat={c} isSelected={c.id === selected?.id} onSelect={() => setSelectedId(c.id)} />
          ))}
          detail={
            selected && (
              <ChatThread
                chat={selected}
                messages={messages}
                isLoading={thread.isPending}
                error={thread.isError ? thread.error : null}
                busy={action.isPending}
                onSend={onSend}
                onMarkRead={() => run("mark_read")}
                onArchive={() => run(selected.archived ? "unarchive" : "archive")}
              />
            )
          }
        />
      </QueryStates>
    </div>
  );
};
