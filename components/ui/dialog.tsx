"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { useRef, type ReactNode } from "react";
import { cn } from "@/lib/cn";

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  // While true (a request in flight, or a secret on screen) Escape, outside clicks and the close
  // button do nothing: the dialog closes only through its own buttons.
  isLocked?: boolean;
  testId?: string;
  className?: string;
};

export const Dialog = ({
  open,
  onOpenChange,
  title,
  description,
  children,
  isLocked = false,
  testId,
  className,
}: DialogProps) => {
  // Radix returns focus to its Dialog.Trigger; these dialogs are opened by the caller's own buttons, so
  // the element focused when the dialog opened (the opener) gets it back on close, if it is still there.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (isLocked && !next ? undefined : onOpenChange(next))}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[1px]" />
        <RadixDialog.Content
          data-testid={testId}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2",
            "rounded-xl bg-white p-6 shadow-xl ring-1 ring-slate-900/5 focus:outline-none",
            className,
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-base font-semibold text-slate-900">{title}</RadixDialog.Title>
            <RadixDialog.Close
              disabled={isLocked}
              aria-label="Close"
              className="-m-1 rounded p-1 text-slate-400 hover:text-slate-600 disabled:opacity-40"
            >
              <span aria-hidden className="block text-lg leading-none">
                ×
              </span>
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description className="mt-1.5 text-sm text-slate-600">{description}</RadixDialog.Description>
          )}
          <div className="mt-5">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
};

export const DialogFooter = ({ children }: { children: ReactNode }) => (
  <div className="mt-6 flex justify-end gap-2">{children}</div>
);
