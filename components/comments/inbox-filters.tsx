"use client";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { GroupSelect, NetworkSelect } from "@/components/ui/scope-selects";
import { Select } from "@/components/ui/select";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import type { TInboxFilters } from "@/lib/query/comments";
import { COMMENT_INBOX_STATUSES, type TCommentInboxStatus } from "@/lib/schemas/comments";
import type { TPlatform } from "@/lib/schemas/common";

// The inbox's filters, each one of GET /api/comments: group, network, profile, post, status, text.

export type TInboxProfile = { id: string; name: string; platform: TPlatform; profile_group_id: string };
export type TInboxGroup = { id: string; name: string };

const STATUS_LABELS: Record<TCommentInboxStatus, string> = {
  needs_reply: "Needs reply",
  replied: "Replied",
  hidden: "Hidden",
};

type Props = {
  groups: TInboxGroup[];
  profiles: TInboxProfile[];
  value: TInboxFilters;
  onChange: (next: TInboxFilters) => void;
};

export const InboxFilters = ({ groups, profiles, value, onChange }: Props) => {
  const inGroup = profiles.filter((p) => !value.groupId || p.profile_group_id === value.groupId);
  const platforms = [...new Set(inGroup.map((p) => p.platform))];
  const choosable = inGroup.filter((p) => !value.platform || p.platform === value.platform);
  const set = (patch: Partial<TInboxFilters>) => onChange({ ...value, ...patch });
  return (
    <div className="mb-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-5" data-testid="inbox-filters">
      <GroupSelect
        groups={groups}
        value={value.groupId}
        onChange={(groupId) => set({ groupId, profileId: undefined, platform: undefined })}
      />
      <NetworkSelect
        platforms={platforms}
        value={value.platform}
        onChange={(platform) => set({ platform, profileId: undefined })}
      />
      <Select
        aria-label="Profile"
        value={value.profileId ?? ""}
        onChange={(e) => set({ profileId: e.target.value || undefined })}
      >
        <option value="">All profiles</option>
        {choosable.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({DISPLAY_NAMES[p.platform]})
          </option>
        ))}
      </Select>
      <Select
        aria-label="Status"
        value={value.status ?? ""}
        onChange={(e) => set({ status: (e.target.value || undefined) as TCommentInboxStatus | undefined })}
      >
        <option value="">Any status</option>
        {COMMENT_INBOX_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </Select>
      <Input
        type="search"
        aria-label="Search comments"
        placeholder="Search text…"
        value={value.q ?? ""}
        onChange={(e) => set({ q: e.target.value || undefined })}
      />
      {value.postId && (
        <div
          className="flex items-center gap-2 text-sm text-slate-600 sm:col-span-2 lg:col-span-5"
          data-testid="post-filter"
        >
          Post <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">{value.postId}</code>
          <Button variant="ghost" size="sm" onClick={() => set({ postId: undefined })}>
            Clear
          </Button>
        </div>
      )}
    </div>
  );
};
