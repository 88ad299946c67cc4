"use client";

import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog, DialogFooter } from "./dialog";
import { InlineStatus } from "./inline-status";

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  isPending: boolean;
  error?: string | null;
  testId?: string;
};

// Destructive confirmation: cannot be dismissed while the request runs; the caller closes it on success.
export const ConfirmDialog = ({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  isPending,
  error,
  testId,
}: ConfirmDialogProps) => (
  <Dialog open={open} onOpenChange={onOpenChange} title={title} isLocked={isPending} testId={testId}>
    <div className="space-y-4 text-sm text-slate-600">{description}</div>
    {error && <InlineStatus className="mt-4">{error}</InlineStatus>}
    <DialogFooter>
      <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isPending}>
        Cancel
      </Button>
      <Button variant="danger" onClick={onConfirm} isLoading={isPending}>
        {confirmLabel}
      </Button>
    </DialogFooter>
  </Dialog>
);
