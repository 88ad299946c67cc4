"use client";

import { GroupSelect, NetworkSelect } from "@/components/ui/scope-selects";
import { Select } from "@/components/ui/select";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import type { TChatFilters } from "@/lib/query/chats";
import type { TPlatform } from "@/lib/schemas/common";

// The chat inbox's filters, each one of GET /api/admin/chats: group, network, number (or page), archived.

export type TChatGroup = { id: string; name: string };
export type TChatProfile = { id: string; name: string; platform: TPlatform; profile_group_id: string };
export type TChatPlacement = {
  id: string;
  name: string;
  profile_id: string;
  platform: TPlatform;
  profile_group_id: string;
};

type Props = {
  groups: TChatGroup[];
  profiles: TChatProfile[];
  placements: TChatPlacement[];
  value: TChatFilters;
  onChange: (next: TChatFilters) => void;
};

export const ChatFilters = ({ groups, profiles, placements, value, onChange }: Props) => {
  const inGroup = (p: { profile_group_id: string }) => !value.groupId || p.profile_group_id === value.groupId;
  const platforms = [...new Set(profiles.filter(inGroup).map((p) => p.platform))];
  const numbers = placements.filter((p) => inGroup(p) && (!value.platform || p.platform === value.platform));
  const set = (patch: Partial<TChatFilters>) => onChange({ ...value, ...patch });
  return (
    <div className="mb-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-4" data-testid="chat-filters">
      <GroupSelect
        groups={groups}
        value={value.groupId}
        onChange={(groupId) => set({ groupId, platform: undefined, placementId: undefined })}
      />
      <NetworkSelect
        platforms={platforms}
        value={value.platform}
        onChange={(platform) => set({ platform, placementId: undefined })}
      />
      <Select
        aria-label="Number"
        value={value.placementId ?? ""}
        onChange={(e) => set({ placementId: e.target.value || undefined })}
        disabled={numbers.length === 0}
      >
        <option value="">All numbers and pages</option>
        {numbers.map((p) => (
          <option key={`${p.profile_id}:${p.id}`} value={p.id}>
            {p.name} ({DISPLAY_NAMES[p.platform]})
          </option>
        ))}
      </Select>
      <Select
        aria-label="Archived"
        value={value.archived ? "archived" : "active"}
        onChange={(e) => set({ archived: e.target.value === "archived" || undefined })}
      >
        <option value="active">Inbox</option>
        <option value="archived">Archived</option>
      </Select>
    </div>
  );
};
