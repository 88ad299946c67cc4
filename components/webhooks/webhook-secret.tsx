"use client";

import { useRef } from "react";
import { CopyButton } from "@/components/ui/copy-button";

// A signing secret on screen, with a copy affordance. Callers keep it in component state only.
export const WebhookSecret = ({ secret, testId = "webhook-secret" }: { secret: string; testId?: string }) => {
  const codeRef = useRef<HTMLElement>(null);
  return (
    <div className="flex items-stretch gap-2">
      <code
        ref={codeRef}
        data-testid={testId}
        className="min-w-0 flex-1 rounded-md bg-slate-900 px-3 py-2.5 font-mono text-sm break-all text-emerald-300 select-all"
      >
        {secret}
      </code>
      <CopyButton value={secret} target={codeRef} className="h-auto" testId={`copy-${testId}`} />
    </div>
  );
};

export const SignatureHint = () => (
  <p className="text-xs text-slate-500">
    Every delivery carries <code className="font-mono">X-Service-Signature: t=&lt;unix&gt;,v1=&lt;hex&gt;</code>, an
    HMAC-SHA256 of <code className="font-mono">&lt;t&gt;.&lt;raw body&gt;</code> with this secret.
  </p>
);
