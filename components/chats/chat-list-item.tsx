"use client";

import { LocalTime } from "@/components/posts/local-time";
import { PlatformMark } from "@/components/profiles/platform-mark";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import type { TPlatform } from "@/lib/schemas/common";
import type { TInboxChat } from "@/lib/schemas/messages";

// One conversation of the inbox: who, on which profile, when it last moved, its unread count and
// whether the messaging window is open.

export const chatTitle = (c: TInboxChat) =>
  c.participant_name ?? (c.participant_username ? `@${c.participant_username}` : c.participant_external_id);

type Props = { chat: TInboxChat; isSelected: boolean; onSelect: () => void };

export const ChatListItem = ({ chat: c, isSelected, onSelect }: Props) => (
  <li
    data-testid={`chat-${c.id}`}
    role="option"
    aria-selected={isSelected}
    onClick={onSelect}
    className={cn(
      "cursor-pointer border-l-4 px-4 py-3 transition-colors",
      isSelected ? "border-indigo-500 bg-indigo-50/60" : "border-transparent hover:bg-slate-50",
    )}
  >
    <div className="flex items-start gap-3">
      <PlatformMark platform={c.platform as TPlatform} />
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <span
            className={cn("truncate text-sm text-slate-900", c.unread_count > 0 && "font-semibold")}
            data-testid="chat-title"
          >
            {chatTitle(c)}
          </span>
          {c.unread_count > 0 && (
            <Badge tone="indigo" data-testid="chat-unread">
              {c.unread_count} unread
            </Badge>
          )}
        </div>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
          <span>{c.profile_name}</span>
          {c.placement_id && <span>· {c.placement_id}</span>}
          {c.last_message_at && <LocalTime iso={c.last_message_at} />}
          {!c.within_messaging_window && (
            <Badge tone="amber" data-testid="chat-window-closed">
              window closed
            </Badge>
          )}
          {c.group && <Badge>group</Badge>}
        </div>
      </div>
    </div>
  </li>
);
