"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { InlineStatus } from "@/components/ui/inline-status";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/query/fetcher";
import type { Change } from "./diff";

// The read-edit-patch pattern's last step: the changed fields (before, after) in a dialog, and only on
// "Save changes" the write that sends exactly those. A refusal stays in the dialog; success closes it.

export const ChangesTable = ({ changes }: { changes: Change[] }) => (
  <div className="max-h-[50dvh] overflow-y-auto rounded-md ring-1 ring-slate-200">
    <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="changes-table">
      <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
        <tr>
          <th className="px-3 py-2">Field</th>
          <th className="px-3 py-2">Before</th>
          <th className="px-3 py-2">After</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 align-top">
        {changes.map((c) => (
          <tr key={c.field} data-testid={`change-${c.field}`}>
            <td className="px-3 py-2 font-medium text-slate-900">{c.label}</td>
            <td className="px-3 py-2 break-words whitespace-pre-wrap text-slate-500 line-through decoration-slate-300">
              {c.before}
            </td>
            <td className="px-3 py-2 break-words whitespace-pre-wrap text-slate-900">{c.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);

type Props = {
  changes: Change[];
  onSave: (changes: Change[]) => Promise<unknown>;
  saveLabel?: string;
  disabled?: boolean;
  // Checks the form first (errors show next to the fields); the dialog opens only when it passes.
  validate?: () => Promise<boolean>;
  testId: string;
  children?: ReactNode; // shown above the table
};

// The "Review changes" button of a section and its dialog.
export const ReviewChanges = ({
  changes,
  onSave,
  saveLabel = "Save changes",
  disabled,
  validate,
  testId,
  children,
}: Props) => {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await onSave(changes);
      toast.success("Changes saved");
      setOpen(false);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <div className="flex items-center justify-end gap-3">
        <span className="text-xs text-slate-500" data-testid={`${testId}-count`}>
          {changes.length === 0 ? "No changes" : `${changes.length} change${changes.length === 1 ? "" : "s"}`}
        </span>
        <Button
          onClick={async () => (!validate || (await validate())) && setOpen(true)}
          disabled={disabled || changes.length === 0}
          data-testid={`${testId}-review`}
        >
          Review changes
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        isLocked={isSaving}
        title="Review changes"
        testId={`${testId}-dialog`}
        className="max-w-2xl"
      >
        {children}
        <ChangesTable changes={changes} />
        {error && <InlineStatus className="mt-4">{error}</InlineStatus>}
        <DialogFooter>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={isSaving}>
            Keep editing
          </Button>
          <Button onClick={save} isLoading={isSaving} data-testid={`${testId}-save`}>
            {saveLabel}
          </Button>
        </DialogFooter>
      </Dialog>
    </>
  );
};

// A section the location or page cannot have, naming the flag that says so.
export const GateNotice = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <InlineStatus tone="info" className="mt-2">
    <span data-testid={testId}>{children}</span>
  </InlineStatus>
);

// A section's frame on the editor pages.
export const Section = ({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId: string;
}) => (
  <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid={testId} aria-label={title}>
    <h2 className="text-base font-semibold text-slate-900">{title}</h2>
    {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
    <div className="mt-4 space-y-4">{children}</div>
  </section>
);
