"use client";

import { useState } from "react";
import { PageHeader, SectionHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { EnvironmentBadge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { InlineStatus } from "@/components/ui/inline-status";
import { LoadingRows } from "@/components/ui/spinner";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { useAccountKeys, useScopedKeys } from "@/lib/query/api-keys";
import { useEnvironment } from "@/lib/query/environment";
import { errorMessage } from "@/lib/query/fetcher";
import { useProfileGroups } from "@/lib/query/profile-groups";
import type { TAccountKey, TApiKey } from "@/lib/schemas/api-keys";
import { CreateKeyDialog } from "./create-key-dialog";
import { formatDate, maskedToken } from "./format";
import { RevokeKeyDialog, type RevokeTarget } from "./revoke-key-dialog";

export const ApiKeysView = () => {
  const { environment } = useEnvironment();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [toRevoke, setToRevoke] = useState<RevokeTarget | null>(null);

  return (
    <>
      <PageHeader
        title="API keys"
        description="Tokens are shown once, when a key is created. Only their last four characters are kept for recognising them."
        actions={
          <Button onClick={() => setIsCreateOpen(true)} data-testid="create-key">
            Create key
          </Button>
        }
      />
      <div className="space-y-10">
        <section aria-labelledby="account-keys">
          <SectionHeader
            id="account-keys"
            title="Account-wide keys"
            description="Full access to one environment. Listed for both environments."
          />
          <AccountKeys onRevoke={(k) => setToRevoke({ kind: "account", ...k })} />
        </section>
        <section aria-labelledby="scoped-keys">
          <SectionHeader
            id="scoped-keys"
            title={`Scoped keys · ${environment}`}
            description={`Keys limited to one profile group of the ${environment} environment.`}
          />
          <ScopedKeys onRevoke={(k) => setToRevoke({ kind: "scoped", ...k })} />
        </section>
      </div>
      <CreateKeyDialog open={isCreateOpen} onOpenChange={setIsCreateOpen} />
      <RevokeKeyDialog target={toRevoke} onClose={() => setToRevoke(null)} />
    </>
  );
};

const AccountKeys = ({ onRevoke }: { onRevoke: (key: TAccountKey) => void }) => {
  const keys = useAccountKeys();
  if (keys.isPending) return <LoadingRows label="Loading keys…" />;
  if (keys.isError) return <InlineStatus>Could not load account-wide keys: {errorMessage(keys.error)}</InlineStatus>;
  if (keys.data.length === 0)
    return (
      <EmptyState
        testId="account-keys-empty"
        title="No account-wide keys"
        description="Create one for your own backend or scripts."
      />
    );
  return (
    <Table data-testid="account-keys-table">
      <THead>
        <tr>
          <Th>Name</Th>
          <Th>Environment</Th>
          <Th>Token</Th>
          <Th>Created</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {keys.data.map((k) => (
          <Tr key={k.id} data-testid={`account-key-row-${k.id}`}>
            <Td className="font-medium text-slate-900">{k.name}</Td>
            <Td>
              <EnvironmentBadge sandbox={k.sandbox} />
            </Td>
            <Td className="font-mono text-xs text-slate-500">{maskedToken(k)}</Td>
            <Td className="text-slate-500">{formatDate(k.created_at)}</Td>
            <RevokeCell name={k.name} testId={`revoke-account-key-${k.id}`} onClick={() => onRevoke(k)} />
          </Tr>
        ))}
      </TBody>
    </Table>
  );
};

const ScopedKeys = ({ onRevoke }: { onRevoke: (key: TApiKey) => void }) => {
  const { environment } = useEnvironment();
  const keys = useScopedKeys();
  const groups = useProfileGroups();
  if (keys.isPending) return <LoadingRows label="Loading keys…" />;
  if (keys.isError) return <InlineStatus>Could not load scoped keys: {errorMessage(keys.error)}</InlineStatus>;
  if (keys.data.length === 0) {
    return (
      <EmptyState
        testId="scoped-keys-empty"
        title={`No scoped keys in ${environment}`}
        description="Create one per client integration."
      />
    );
  }
  const groupName = new Map(groups.data?.map((g) => [g.id, g.name]));
  return (
    <Table data-testid="scoped-keys-table">
      <THead>
        <tr>
          <Th>Name</Th>
          <Th>Profile group</Th>
          <Th>Token</Th>
          <Th>Created</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {keys.data.map((k) => (
          <Tr key={k.id} data-testid={`scoped-key-row-${k.id}`}>
            <Td className="font-medium text-slate-900">{k.name}</Td>
            <Td>
              {groupName.get(k.profile_group_id) ?? (
                <span className="font-mono text-xs text-slate-400">{k.profile_group_id}</span>
              )}
            </Td>
            <Td className="font-mono text-xs text-slate-500">{maskedToken(k)}</Td>
            <Td className="text-slate-500">{formatDate(k.created_at)}</Td>
            <RevokeCell name={k.name} testId={`revoke-scoped-key-${k.id}`} onClick={() => onRevoke(k)} />
          </Tr>
        ))}
      </TBody>
    </Table>
  );
};

const RevokeCell = ({ name, testId, onClick }: { name: string; testId: string; onClick: () => void }) => (
  <Td className="w-0 text-right">
    <Button variant="dangerGhost" size="sm" aria-label={`Revoke ${name}`} data-testid={testId} onClick={onClick}>
      Revoke
    </Button>
  </Td>
);
