"use client";

import type { ClipboardEvent } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import type { TPlatform } from "@/lib/schemas/common";
import type { TMentionStatus } from "./mention-paste";
import { bodyLength, type TNetworkCheck } from "./rules";

type Mentions = {
  onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => void;
  status: TMentionStatus;
  hint: string | null;
};
type Props = {
  registration: UseFormRegisterReturn<"body">;
  body: string;
  checks: { platform: TPlatform; check: TNetworkCheck }[];
  mentions?: Mentions;
};

const MENTION_STATUS: Record<TMentionStatus["kind"], (s: TMentionStatus) => string | null> = {
  idle: () => null,
  looking: () => "Looking the page up…",
  resolved: (s) => (s.kind === "resolved" ? `Mention added: ${s.mention}` : null),
  pasted: () => "Not a page that can be mentioned: pasted as a link.",
};

// The text, with each chosen network's count against its format's limit (graphemes on bluesky). A
// pasted page URL becomes a mention where a profile of the group can look pages up.
export const BodyField = ({ registration, body, checks, mentions }: Props) => (
  <div>
    <Label htmlFor="composer-body">Text</Label>
    <textarea
      id="composer-body"
      data-testid="composer-body"
      rows={6}
      className="mt-1.5 block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 focus:outline-none focus:ring-inset"
      placeholder="What do you want to say?"
      {...registration}
      onPaste={mentions ? (e) => void mentions.onPaste(e) : undefined}
    />
    {mentions?.hint && (
      <p className="mt-1 text-xs text-slate-500" data-testid="composer-mention-hint">
        {mentions.hint}{" "}
        <span data-testid="composer-mention-status" aria-live="polite">
          {MENTION_STATUS[mentions.status.kind](mentions.status)}
        </span>
      </p>
    )}
    {checks.length > 0 && (
      <ul className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-live="polite">
        {checks.map(({ platform, check }) => {
          const max = check.limits?.bodyMax ?? null;
          const length = bodyLength(body, check.limits);
          const isOver = max !== null && length > max;
          return (
            <li
              key={platform}
              data-testid={`body-count-${platform}`}
              data-over={isOver || undefined}
              className={cn("tabular-nums", isOver ? "font-semibold text-red-600" : "text-slate-500")}
            >
              {DISPLAY_NAMES[platform]}:{" "}
              {max === null ? (
                `no text on ${check.format}`
              ) : (
                <>
                  {length.toLocaleString("en")} / {max.toLocaleString("en")}
                  {check.limits?.countGraphemes ? " graphemes" : ""}
                </>
              )}
            </li>
          );
        })}
      </ul>
    )}
  </div>
);
