"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InlineStatus } from "@/components/ui/inline-status";
import { useToast } from "@/components/ui/toast";
import { cn } from "@/lib/cn";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import { useEnvironment } from "@/lib/query/environment";
import { errorMessage } from "@/lib/query/fetcher";
import { PLATFORMS, type TPlatform } from "@/lib/schemas/common";
import type { TProfile } from "@/lib/schemas/profiles";
import { connectFormOf, connectHint } from "./connect-form-specs";
import { ConnectForm } from "./connect-form";
import { PlatformMark } from "./platform-mark";
import { useConnectAccount } from "./use-connect-account";

// `platform` null: the network picker; a form network: its form directly (Reconnect).
export type TConnectTarget = { platform: TPlatform | null };

type Props = {
  groupId: string;
  groupName: string;
  target: TConnectTarget | null;
  profiles: TProfile[];
  onClose: () => void;
};

type TConnected = { platform: TPlatform; name: string; nextStep: string };

export const ConnectAccountDialog = ({ groupId, groupName, target, profiles, onClose }: Props) => {
  const { environment } = useEnvironment();
  const toast = useToast();
  const connection = useConnectAccount(groupId);
  // A form network picked in the picker (its form replaces the picker until Back).
  const [picked, setPicked] = useState<TPlatform | null>(null);
  const [connected, setConnected] = useState<TConnected | null>(null);
  const platform = picked ?? target?.platform ?? null;
  const spec = platform ? connectFormOf(platform) : undefined;
  const statusOf = (p: TPlatform) => profiles.find((profile) => profile.platform === p)?.status ?? null;

  const close = () => {
    setPicked(null);
    setConnected(null);
    connection.reset();
    onClose();
  };

  // OAuth networks without a form leave for the consent page at once.
  const pick = async (p: TPlatform) => {
    connection.reset();
    if (connectFormOf(p)) {
      setPicked(p);
      return;
    }
    try {
      await connection.connect({ method: "oauth", platform: p });
    } catch {
      // shown from connection.error
    }
  };

  const back = () => {
    connection.reset();
    setPicked(null);
  };

  const submitForm = async (fields: Record<string, string>) => {
    if (!platform || !spec) return;
    const result = await connection.connect({ method: spec.method, platform, ...fields });
    const profile = result?.profile;
    if (!profile) return;
    if (result.next_step) {
      setConnected({ platform, name: profile.name, nextStep: result.next_step });
      return;
    }
    toast.success(`Connected ${DISPLAY_NAMES[platform]} “${profile.name}”`);
    close();
  };

  const title = connected
    ? `${DISPLAY_NAMES[connected.platform]} connected`
    : platform
      ? `${statusOf(platform) === "disconnected" ? "Reconnect" : "Connect"} ${DISPLAY_NAMES[platform]}`
      : "Connect an account";

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      isLocked={connection.isPending}
      title={title}
      description={
        connected || spec ? undefined : (
          <>
            To <span className="font-medium text-slate-900">{groupName}</span>, in the {environment} environment.
            {environment === "sandbox" &&
              " Sandbox accounts are simulated: a test consent screen stands in for the network."}
          </>
        )
      }
      testId="connect-account-dialog"
      className={cn("max-h-[calc(100dvh-2rem)] overflow-y-auto", !platform && !connected && "max-w-xl")}
    >
      {connected ? (
        <div className="space-y-4">
          <InlineStatus tone="success">“{connected.name}” is connected to this group.</InlineStatus>
          <div data-testid="connect-next-step">
            <p className="text-sm font-medium text-slate-900">Next step</p>
            <p className="mt-1 text-sm text-slate-600">{connected.nextStep}</p>
          </div>
          <div className="flex justify-end">
            <Button onClick={close} data-testid="connect-done">
              Done
            </Button>
          </div>
        </div>
      ) : platform && spec ? (
        <ConnectForm
          key={platform}
          spec={spec}
          submitLabel={spec.method === "oauth" ? `Continue to ${DISPLAY_NAMES[platform]}` : "Connect"}
          onSubmit={submitForm}
          cancelLabel={picked ? "Back" : "Cancel"}
          onCancel={picked ? back : close}
          isPending={connection.isPending}
        />
      ) : (
        <div className="space-y-4">
          <div className="grid gap-2 sm:grid-cols-2" data-testid="connect-platforms">
            {PLATFORMS.map((p) => {
              const status = statusOf(p);
              const isPendingHere = connection.pendingPlatform === p;
              return (
                <button
                  key={p}
                  type="button"
                  data-testid={`connect-platform-${p}`}
                  disabled={status === "active" || connection.isPending}
                  aria-busy={isPendingHere || undefined}
                  onClick={() => void pick(p)}
                  className={cn(
                    "flex items-center gap-3 rounded-lg p-3 text-left ring-1 ring-slate-200 transition-colors ring-inset",
                    "hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
                    "disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent",
                    isPendingHere && "bg-indigo-50/60 ring-indigo-500 disabled:opacity-100",
                  )}
                >
                  <PlatformMark platform={p} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-slate-900">{DISPLAY_NAMES[p]}</span>
                    <span className="block truncate text-xs text-slate-500">
                      {status === "active"
                        ? "Connected"
                        : status === "disconnected"
                          ? "Disconnected: reconnect"
                          : connectHint(p)}
                    </span>
                  </span>
                  {isPendingHere && (
                    <span
                      className="size-3.5 shrink-0 animate-spin rounded-full border-2 border-indigo-600 border-r-transparent"
                      aria-hidden
                    />
                  )}
                </button>
              );
            })}
          </div>
          {connection.error && <InlineStatus>{errorMessage(connection.error)}</InlineStatus>}
          <div className="flex justify-end">
            <Button variant="secondary" onClick={close} disabled={connection.isPending}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
};
