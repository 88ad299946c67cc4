"use client";

import type { ReactNode } from "react";
import { InlineStatus } from "@/components/ui/inline-status";
import type { TProfile } from "@/lib/schemas/profiles";
import { failureMessage, networkName, type TConnectionResult } from "./connection-result";

type Props = { result: TConnectionResult; profiles: TProfile[] | undefined; onDismiss: () => void };

// What happened on the network's consent page, shown once on return.
export const ConnectionResultBanner = ({ result, profiles, onDismiss }: Props) => {
  let message: ReactNode;
  if (result.kind === "connected") {
    const profile = profiles?.find((p) => p.id === result.profileId);
    message = profile ? (
      <>
        Connected {networkName(result.platform)}: <span className="font-semibold">{profile.name}</span> is ready to post
        to.
      </>
    ) : (
      `Connected ${networkName(result.platform)}.`
    );
  } else {
    message = failureMessage(result);
  }
  return (
    <div data-testid="connection-banner" data-outcome={result.kind} className="mb-6">
      <InlineStatus
        tone={result.kind === "connected" ? "success" : "error"}
        className="flex items-start justify-between gap-4"
      >
        <span>{message}</span>
        <button
          type="button"
          aria-label="Dismiss"
          onClick={onDismiss}
          className="-my-0.5 rounded px-1 text-lg leading-none opacity-60 hover:opacity-100"
        >
          ×
        </button>
      </InlineStatus>
    </div>
  );
};
