"use client";

import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { InlineStatus } from "@/components/ui/inline-status";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { cn } from "@/lib/cn";
import { CAPABILITIES, DISPLAY_NAMES } from "@/lib/networks/platforms";
import { errorMessage } from "@/lib/query/fetcher";
import { usePlacements } from "@/lib/query/profiles";
import type { TPlacement, TProfile } from "@/lib/schemas/profiles";
import { formatDate, keyMetadata } from "./format";
import { PlatformName } from "./platform-mark";

type Props = {
  profiles: TProfile[];
  onReconnect: (profile: TProfile) => void;
  onDisconnect: (profile: TProfile) => void;
  // The profile whose OAuth reconnect is under way (its button spins; the others wait).
  reconnectingId: string | null;
};

const COLUMNS = 6;

export const ProfilesTable = ({ profiles, onReconnect, onDisconnect, reconnectingId }: Props) => (
  <Table data-testid="profiles-table">
    <THead>
      <tr>
        <Th>Network</Th>
        <Th>Account</Th>
        <Th>Status</Th>
        <Th>Expires</Th>
        <Th>Placements</Th>
        <Th>
          <span className="sr-only">Actions</span>
        </Th>
      </tr>
    </THead>
    <TBody>
      {profiles.map((p) => (
        <ProfileRow
          key={p.id}
          profile={p}
          onReconnect={onReconnect}
          onDisconnect={onDisconnect}
          isReconnecting={reconnectingId === p.id}
          isBusy={reconnectingId !== null}
        />
      ))}
    </TBody>
  </Table>
);

type RowProps = {
  profile: TProfile;
  onReconnect: (profile: TProfile) => void;
  onDisconnect: (profile: TProfile) => void;
  isReconnecting: boolean;
  isBusy: boolean;
};

const ProfileRow = ({ profile: p, onReconnect, onDisconnect, isReconnecting, isBusy }: RowProps) => {
  // Networks without placements (bluesky, youtube, …) are not asked.
  const hasPlacements = CAPABILITIES[p.platform].placements;
  const placements = usePlacements(p.id, { enabled: hasPlacements });
  const [isExpanded, setIsExpanded] = useState(false);
  const listId = `placements-${p.id}`;
  const count = placements.data?.length ?? 0;

  return (
    <>
      <Tr data-testid={`profile-row-${p.id}`} data-platform={p.platform}>
        <Td>
          <PlatformName platform={p.platform} />
        </Td>
        <Td className="max-w-64">
          <Link
            href={`/profile-groups/${p.profile_group_id}/profiles/${p.id}`}
            className="block truncate font-medium text-slate-900 hover:text-indigo-700 hover:underline"
            title={p.name}
            data-testid="profile-name"
          >
            {p.name}
          </Link>
          {p.username && (
            <div className="truncate text-xs text-slate-500" data-testid="profile-username">
              @{p.username}
            </div>
          )}
          <div className="font-mono text-xs text-slate-400">{p.id}</div>
        </Td>
        <Td>
          {p.status === "active" ? (
            <Badge tone="green" data-testid="profile-status">
              active
            </Badge>
          ) : (
            <Badge
              tone="amber"
              data-testid="profile-status"
              title="The network no longer accepts its tokens: reconnect it"
            >
              disconnected
            </Badge>
          )}
        </Td>
        <Td className="text-slate-500" data-testid="profile-expires">
          {p.expires_at ? (
            <time dateTime={p.expires_at} title={p.expires_at}>
              {formatDate(p.expires_at)}
            </time>
          ) : (
            "Does not expire"
          )}
        </Td>
        <Td>
          {!hasPlacements ? (
            <span className="text-slate-400" title={`${DISPLAY_NAMES[p.platform]} has no placements`}>
              —
            </span>
          ) : placements.isPending ? (
            <span className="text-slate-400">…</span>
          ) : placements.isError ? (
            <button
              type="button"
              className="text-xs font-medium text-red-700 underline"
              onClick={() => placements.refetch()}
            >
              Retry
            </button>
          ) : (
            <button
              type="button"
              data-testid="placements-toggle"
              aria-expanded={isExpanded}
              aria-controls={listId}
              disabled={count === 0}
              onClick={() => setIsExpanded((open) => !open)}
              className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:cursor-default disabled:text-slate-500 disabled:hover:bg-transparent"
            >
              <span className="tabular-nums" data-testid="placements-count">
                {count}
              </span>{" "}
              {count === 1 ? "placement" : "placements"}
              {count > 0 && (
                <span aria-hidden className={cn("text-xs transition-transform", isExpanded && "rotate-90")}>
                  ▸
                </span>
              )}
            </button>
          )}
        </Td>
        <Td className="w-0 text-right">
          <div className="flex justify-end gap-0.5">
            {p.status === "disconnected" && (
              <Button
                variant="ghost"
                size="sm"
                data-testid={`reconnect-profile-${p.id}`}
                isLoading={isReconnecting}
                disabled={isBusy}
                onClick={() => onReconnect(p)}
              >
                Reconnect
              </Button>
            )}
            <Button
              variant="dangerGhost"
              size="sm"
              aria-label={`Disconnect ${p.name}`}
              data-testid={`disconnect-profile-${p.id}`}
              onClick={() => onDisconnect(p)}
            >
              Disconnect
            </Button>
          </div>
        </Td>
      </Tr>
      {isExpanded && placements.data && (
        <tr className="bg-slate-50/60">
          <td colSpan={COLUMNS} className="px-4 pt-1 pb-4">
            <PlacementList id={listId} placements={placements.data} />
          </td>
        </tr>
      )}
      {isExpanded && placements.isError && (
        <tr>
          <td colSpan={COLUMNS} className="px-4 pb-4">
            <InlineStatus>Could not load placements: {errorMessage(placements.error)}</InlineStatus>
          </td>
        </tr>
      )}
    </>
  );
};

// Pages, organizations, channels, locations, boards or phone numbers the profile posts to.
const PlacementList = ({ id, placements }: { id: string; placements: TPlacement[] }) => (
  <ul id={id} data-testid={id} className="divide-y divide-slate-100 rounded-md bg-white ring-1 ring-slate-200">
    {placements.map((pl, i) => (
      <li
        key={pl.id ?? `personal-${i}`}
        data-testid="placement"
        className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-3 py-2 text-sm"
      >
        <span className="font-medium text-slate-900" data-testid="placement-name">
          {pl.name}
        </span>
        {pl.id === null ? (
          <span className="text-xs text-slate-500 italic" data-testid="placement-id">
            personal profile
          </span>
        ) : (
          <span className="font-mono text-xs text-slate-500" data-testid="placement-id">
            {pl.id}
          </span>
        )}
        <span className="flex flex-wrap gap-1" title={JSON.stringify(pl.metadata, null, 2)}>
          {keyMetadata(pl.metadata).map(([key, value]) => (
            <code key={key} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-600">
              {key}: {value}
            </code>
          ))}
        </span>
      </li>
    ))}
  </ul>
);
