"use client";

import Link from "next/link";
import { PlatformMark } from "@/components/profiles/platform-mark";
import { InlineStatus } from "@/components/ui/inline-status";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { cn } from "@/lib/cn";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import { errorMessage } from "@/lib/query/fetcher";
import { useProfileGroups } from "@/lib/query/profile-groups";
import type { TProfile } from "@/lib/schemas/profiles";

type Props = {
  groupId: string;
  onGroupChange: (groupId: string) => void;
  profiles: { data: TProfile[] | undefined; isPending: boolean; error: unknown };
  chosen: string[];
  onToggle: (profileId: string) => void;
};

// A post goes to profiles of one group: the group first, then its active profiles that take posts.
export const ProfilePicker = ({ groupId, onGroupChange, profiles, chosen, onToggle }: Props) => {
  const groups = useProfileGroups();

  if (groups.isPending) return <p className="text-sm text-slate-500">Loading profile groups…</p>;
  if (groups.isError) return <InlineStatus>Could not load profile groups: {errorMessage(groups.error)}</InlineStatus>;
  if (groups.data.length === 0) {
    return (
      <InlineStatus tone="info">
        No profile groups in this environment yet.{" "}
        <Link href="/profile-groups" className="font-medium underline">
          Create one and connect its profiles
        </Link>
        .
      </InlineStatus>
    );
  }

  return (
    <div className="space-y-4">
      <div className="max-w-sm">
        <Label htmlFor="composer-group">Profile group</Label>
        <Select
          id="composer-group"
          data-testid="composer-group"
          className="mt-1.5"
          value={groupId}
          onChange={(e) => onGroupChange(e.target.value)}
        >
          <option value="" disabled>
            Choose a group…
          </option>
          {groups.data.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </Select>
      </div>
      {groupId && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Profiles</legend>
          {profiles.isPending ? (
            <p className="mt-1.5 text-sm text-slate-500">Loading profiles…</p>
          ) : profiles.error ? (
            <InlineStatus className="mt-1.5">Could not load profiles: {errorMessage(profiles.error)}</InlineStatus>
          ) : !profiles.data?.length ? (
            <InlineStatus tone="info" className="mt-1.5">
              This group has no active profiles that take posts.{" "}
              <Link href={`/profile-groups/${encodeURIComponent(groupId)}`} className="font-medium underline">
                Connect one
              </Link>
              .
            </InlineStatus>
          ) : (
            <div className="mt-1.5 flex flex-wrap gap-2" data-testid="composer-profiles">
              {profiles.data.map((p) => {
                const isChosen = chosen.includes(p.id);
                return (
                  <label
                    key={p.id}
                    className={cn(
                      "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm ring-1 transition-colors",
                      isChosen ? "bg-indigo-50 ring-indigo-400" : "bg-white ring-slate-200 hover:ring-slate-300",
                    )}
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-indigo-600"
                      checked={isChosen}
                      onChange={() => onToggle(p.id)}
                      data-testid={`composer-profile-${p.id}`}
                      aria-label={`${DISPLAY_NAMES[p.platform]}: ${p.name}`}
                    />
                    <PlatformMark platform={p.platform} className="size-6" />
                    <span className="font-medium text-slate-900">{p.name}</span>
                  </label>
                );
              })}
            </div>
          )}
        </fieldset>
      )}
    </div>
  );
};
