"use client";

import { useState, type RefObject } from "react";
import { Button } from "./button";

type Props = {
  value: string;
  // The element showing the value: selected and copied where the async clipboard API is unavailable.
  target: RefObject<HTMLElement | null>;
  testId?: string;
  className?: string;
};

export const CopyButton = ({ value, target, testId, className }: Props) => {
  const [copyState, setCopyState] = useState<"idle" | "copied" | "failed">("idle");

  const copy = async () => {
    try {
      if (navigator.clipboard) await navigator.clipboard.writeText(value);
      else if (!copyBySelection(target.current)) throw new Error("copy unavailable");
      setCopyState("copied");
    } catch {
      setCopyState(copyBySelection(target.current) ? "copied" : "failed");
    }
    setTimeout(() => setCopyState("idle"), 2500);
  };

  return (
    <Button variant="secondary" onClick={copy} className={className} data-testid={testId}>
      {copyState === "copied" ? "Copied" : copyState === "failed" ? "Select & copy" : "Copy"}
    </Button>
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
