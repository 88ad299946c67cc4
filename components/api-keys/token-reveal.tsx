"use client";

import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { InlineStatus } from "@/components/ui/inline-status";

// The one and only time a token is displayed. It lives in the dialog's state until "Done".
export const TokenReveal = ({ token, onDone }: { token: string; onDone: () => void }) => {
  const codeRef = useRef<HTMLElement>(null);

  return (
    <div className="space-y-4">
      <InlineStatus tone="warning">
        <strong className="font-semibold">Copy this token now.</strong> It is shown only once and cannot be retrieved
        later. If you lose it, revoke the key and create a new one.
      </InlineStatus>
      <div className="flex items-stretch gap-2">
        <code
          ref={codeRef}
          data-testid="new-key-token"
          className="min-w-0 flex-1 rounded-md bg-slate-900 px-3 py-2.5 font-mono text-sm break-all text-emerald-300 select-all"
        >
          {token}
        </code>
        <CopyButton value={token} target={codeRef} className="h-auto" testId="copy-token" />
      </div>
      <p className="text-xs text-slate-500">
        Send it as <code className="font-mono">Authorization: Bearer &lt;token&gt;</code>.
      </p>
      <div className="flex justify-end">
        <Button onClick={onDone} data-testid="token-done">
          I have copied it
        </Button>
      </div>
    </div>
  );
};
