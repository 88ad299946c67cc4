"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { PageHeader, SectionHeader } from "@/components/layout/page-header";
import { EnvironmentBadge } from "@/components/ui/badge";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { InlineStatus } from "@/components/ui/inline-status";
import { LoadingRows } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import { useEnvironment } from "@/lib/query/environment";
import { ApiClientError, errorMessage } from "@/lib/query/fetcher";
import { useProfileGroup } from "@/lib/query/profile-groups";
import { useProfiles } from "@/lib/query/profiles";
import type { TProfileGroup } from "@/lib/schemas/profile-groups";
import type { TProfile } from "@/lib/schemas/profiles";
import { ConnectAccountDialog, type TConnectTarget } from "./connect-account-dialog";
import { connectFormOf } from "./connect-form-specs";
import { ConnectionResultBanner } from "./connection-result-banner";
import type { TConnectionResult } from "./connection-result";
import { DisconnectProfileDialog } from "./disconnect-profile-dialog";
import { ProfilesTable } from "./profiles-table";
import { useConnectAccount } from "./use-connect-account";

const BackLink = () => (
  <Link href="/profile-groups" className="mb-4 inline-block text-sm font-medium text-indigo-700 hover:underline">
    ← Profile groups
  </Link>
);

type Props = { id: string; result: TConnectionResult | null };

export const ProfileGroupView = ({ id, result: returned }: Props) => {
  const { environment } = useEnvironment();
  const group = useProfileGroup(id);
  // The consent page's outcome is shown once: the query string is dropped so a reload does not repeat it.
  const [result, setResult] = useState(returned);
  useEffect(() => {
    if (returned) window.history.replaceState(null, "", window.location.pathname);
  }, [returned]);

  if (group.isPending) {
    return (
      <>
        <BackLink />
        <LoadingRows label="Loading profile group…" />
      </>
    );
  }
  if (group.isError) {
    const isMissing = group.error instanceof ApiClientError && group.error.status === 404;
    return (
      <>
        <BackLink />
        {isMissing ? (
          <EmptyState
            testId="profile-group-not-found"
            title="Profile group not found"
            description={`There is no profile group ${id} in the ${environment} environment. It was deleted, or it belongs to the other environment.`}
            action={
              <Link href="/profile-groups" className={buttonClass({ variant: "secondary" })}>
                All profile groups
              </Link>
            }
          />
        ) : (
          <InlineStatus>
            Could not load the profile group: {errorMessage(group.error)}{" "}
            <button type="button" className="font-medium underline" onClick={() => group.refetch()}>
              Retry
            </button>
          </InlineStatus>
        )}
      </>
    );
  }
  return <ProfileGroupProfiles group={group.data} result={result} onDismissResult={() => setResult(null)} />;
};

type DetailProps = { group: TProfileGroup; result: TConnectionResult | null; onDismissResult: () => void };

const ProfileGroupProfiles = ({ group, result, onDismissResult }: DetailProps) => {
  const { environment } = useEnvironment();
  const toast = useToast();
  const profiles = useProfiles(group.id);
  // Row reconnects of OAuth networks leave for the consent page directly.
  const reconnection = useConnectAccount(group.id);
  const [connectTarget, setConnectTarget] = useState<TConnectTarget | null>(null);
  const [toDisconnect, setToDisconnect] = useState<TProfile | null>(null);
  const reconnectingId = reconnection.pendingPlatform
    ? (profiles.data?.find((p) => p.platform === reconnection.pendingPlatform)?.id ?? null)
    : null;

  const reconnect = async (profile: TProfile) => {
    if (connectFormOf(profile.platform)) {
      setConnectTarget({ platform: profile.platform });
      return;
    }
    try {
      await reconnection.connect({ method: "oauth", platform: profile.platform });
    } catch (err) {
      toast.error(`Could not reconnect ${DISPLAY_NAMES[profile.platform]}: ${errorMessage(err)}`);
    }
  };

  const connectButton = (testId: string) => (
    <Button onClick={() => setConnectTarget({ platform: null })} data-testid={testId}>
      Connect account
    </Button>
  );

  return (
    <>
      <BackLink />
      <PageHeader
        title={group.name}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span data-testid="group-environment">
              <EnvironmentBadge sandbox={environment === "sandbox"} />
            </span>
            <span>
              {group.profiles_count === 1 ? "1 profile" : `${group.profiles_count} profiles`} ·{" "}
              <span className="font-mono text-xs text-slate-400">{group.id}</span>
            </span>
          </span>
        }
        actions={connectButton("connect-account")}
      />

      {result && <ConnectionResultBanner result={result} profiles={profiles.data} onDismiss={onDismissResult} />}

      <section aria-labelledby="profiles-heading">
        <SectionHeader
          id="profiles-heading"
          title="Connected accounts"
          description="One account per network. Posts to this group are published to these profiles and the placements they select."
        />
        {profiles.isPending ? (
          <LoadingRows label="Loading profiles…" />
        ) : profiles.isError ? (
          <InlineStatus>
            Could not load profiles: {errorMessage(profiles.error)}{" "}
            <button type="button" className="font-medium underline" onClick={() => profiles.refetch()}>
              Retry
            </button>
          </InlineStatus>
        ) : profiles.data.length === 0 ? (
          <EmptyState
            testId="profiles-empty"
            title="No accounts connected yet"
            description={
              environment === "sandbox"
                ? "Connect simulated accounts of any network: a test consent screen stands in for the network."
                : "Connect this client's accounts: you sign in on the network and approve access."
            }
            action={connectButton("connect-account-empty")}
          />
        ) : (
          <ProfilesTable
            profiles={profiles.data}
            onReconnect={(p) => void reconnect(p)}
            onDisconnect={setToDisconnect}
            reconnectingId={reconnectingId}
          />
        )}
      </section>

      <ConnectAccountDialog
        groupId={group.id}
        groupName={group.name}
        target={connectTarget}
        profiles={profiles.data ?? []}
        onClose={() => setConnectTarget(null)}
      />
      <DisconnectProfileDialog profile={toDisconnect} onClose={() => setToDisconnect(null)} />
    </>
  );
};
