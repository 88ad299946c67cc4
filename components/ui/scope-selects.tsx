"use client";

import { Select } from "@/components/ui/select";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import type { TPlatform } from "@/lib/schemas/common";

// The two filters every inbox starts with: the profile group (or all) and the network (or all), each
// answering `undefined` for "all".

export const GroupSelect = ({
  groups,
  value,
  onChange,
}: {
  groups: { id: string; name: string }[];
  value: string | undefined;
  onChange: (groupId: string | undefined) => void;
}) => (
  <Select aria-label="Profile group" value={value ?? ""} onChange={(e) => onChange(e.target.value || undefined)}>
    <option value="">All groups</option>
    {groups.map((g) => (
      <option key={g.id} value={g.id}>
        {g.name}
      </option>
    ))}
  </Select>
);

export const NetworkSelect = ({
  platforms,
  value,
  onChange,
}: {
  platforms: TPlatform[];
  value: string | undefined;
  onChange: (platform: string | undefined) => void;
}) => (
  <Select aria-label="Network" value={value ?? ""} onChange={(e) => onChange(e.target.value || undefined)}>
    <option value="">All networks</option>
    {platforms.map((p) => (
      <option key={p} value={p}>
        {DISPLAY_NAMES[p]}
      </option>
    ))}
  </Select>
);
