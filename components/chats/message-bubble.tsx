"use client";

import { LocalTime } from "@/components/posts/local-time";
import { cn } from "@/lib/cn";
import { webUrl } from "@/lib/web-url";
import type { TMessage } from "@/lib/query/chats";
import { deliveryLabel } from "./delivery";

// One message of a thread: its text, attachments, the participant's taps and reactions, and for ours
// the delivery ticks (sending, sent, delivered, read) or what went wrong.

const tapTitle = (m: TMessage): string | null => {
  if (m.tapped_action) return m.tapped_action.title ?? m.tapped_action.payload;
  const reply = m.interactive?.button_reply ?? m.interactive?.list_reply;
  return reply && typeof reply === "object" && "title" in reply ? String(reply.title) : null;
};

export const MessageBubble = ({ message: m }: { message: TMessage }) => {
  const ours = m.direction === "outbound";
  const tap = ours ? null : tapTitle(m);
  return (
    <li
      data-testid={`message-${m.id}`}
      data-direction={m.direction}
      className={cn("flex", ours ? "justify-end" : "justify-start")}
    >
      <div
        className={cn(
          "max-w-[80%] rounded-lg px-3 py-2 text-sm shadow-sm",
          ours ? "bg-indigo-600 text-white" : "bg-slate-100 text-slate-900",
          m.status === "failed" && "bg-red-50 text-red-800 ring-1 ring-red-200",
        )}
      >
        {tap && (
          <p className="mb-1 text-xs font-medium opacity-80" data-testid="message-tap">
            Tapped “{tap}”
          </p>
        )}
        {m.body && (
          <p className="whitespace-pre-wrap" data-testid="message-body">
            {m.body}
          </p>
        )}
        {m.template && !m.body && <p data-testid="message-body">Template {String(m.template.name)}</p>}
        {m.attachments.length > 0 && (
          <ul className="mt-1 space-y-0.5 text-xs" data-testid="message-attachments">
            {m.attachments.map((a) => {
              // only http(s) becomes a link: an inbound attachment may name any scheme (data:, javascript:)
              const href = webUrl(a.url);
              return (
                <li key={a.id}>
                  {href ? (
                    <a href={href} target="_blank" rel="noreferrer" className="underline">
                      {a.type.replaceAll("_", " ")}
                    </a>
                  ) : (
                    a.type.replaceAll("_", " ")
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {m.is_unsupported && <p className="text-xs italic opacity-80">A message this network does not show here</p>}
        <div className={cn("mt-1 flex items-center gap-2 text-[11px]", ours ? "text-indigo-100" : "text-slate-500")}>
          <LocalTime iso={m.external_posted_at ?? m.created_at} />
          {ours && (
            <span data-testid="message-status" data-status={m.status}>
              {deliveryLabel(m)}
            </span>
          )}
          {m.external_edited_at && <span>edited</span>}
        </div>
        {m.error_message && <p className="mt-1 text-xs">{m.error_message}</p>}
        {m.reactions.length > 0 && (
          <p className="mt-1 text-xs" data-testid="message-reactions">
            {m.reactions.map((r) => r.emoji ?? r.reaction).join(" ")}
          </p>
        )}
      </div>
    </li>
  );
};
