"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { InlineStatus } from "@/components/ui/inline-status";

// The one and only time a token is displayed. It lives in the dialog's state until "Done".
export const TokenReveal = ({ token, onDone }: { token: string; onDone: () => void }) => {
  const codeRef = useRef<HTMLElement>(null);
  const [copyState, setCopyState] = useState<"idle" | "copied" | "failed">("idle");

  const copy = async () => {
    try {
      if (navigator.clipboard) await navigator.clipboard.writeText(token);
      else if (!copyBySelection(codeRef.current)) throw new Error("copy unavailable");
      setCopyState("copied");
    } catch {
      setCopyState(copyBySelection(codeRef.current) ? "copied" : "failed");
    }
    setTimeout(() => setCopyState("idle"), 2500);
  };

  return (
    <div className="space-y-4">
      <InlineStatus tone="warning">
        <strong className="font-semibold">Copy this token now.</strong> It is shown only once and cannot be retrieved later. If you lose
        it, revoke the key and create a new one.
      </InlineStatus>
      <div className="flex items-stretch gap-2">
        <code
          ref={codeRef}
          data-testid="new-key-token"
          className="min-w-0 flex-1 rounded-md bg-slate-900 px-3 py-2.5 font-mono text-sm break-all text-emerald-300 select-all"
        >
          {token}
        </code>
        <Button variant="secondary" onClick={copy} className="h-auto" data-testid="copy-token">
          {copyState === "copied" ? "Copied" : copyState === "failed" ? "Select & copy" : "Copy"}
        </Button>
      </div>
      <p className="text-xs text-slate-500">Send it as <code className="font-mono">Authorization: Bearer &lt;token&gt;</code>.</p>
      <div className="flex justify-end">
        <Button onClick={onDone} data-testid="token-done">
          I have copied it
        </Button>
      </div>
    </div>
  );
};

// Fallback where the async clipboard API is unavailable (plain http on a non-local host).
const copyBySelection = (el: HTMLElement | null): boolean => {
  if (!el) return false;
  const range = document.createRange();
  range.selectNodeContents(el);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  }
};
