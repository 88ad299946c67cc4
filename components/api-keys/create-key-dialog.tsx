"use client";

import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { cn } from "@/lib/cn";
import { useCreateAccountKey, useCreateScopedKey } from "@/lib/query/api-keys";
import { useEnvironment } from "@/lib/query/environment";
import type { TCreateAccountKeyBody } from "@/lib/schemas/api-keys";
import { AccountKeyForm } from "./account-key-form";
import { ScopedKeyForm, type TScopedKeyForm } from "./scoped-key-form";
import { TokenReveal } from "./token-reveal";

type KeyKind = "scoped" | "account";
type Props = { open: boolean; onOpenChange: (open: boolean) => void };

const KINDS: { value: KeyKind; label: string; hint: string }[] = [
  { value: "scoped", label: "Scoped to a profile group", hint: "For a client's integration: sees one group only." },
  { value: "account", label: "Account-wide", hint: "For your own backend: full access to one environment." },
];

export const CreateKeyDialog = ({ open, onOpenChange }: Props) => {
  const { environment } = useEnvironment();
  const [kind, setKind] = useState<KeyKind>("scoped");
  // The minted token: kept only here, only until the dialog closes.
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const createScoped = useCreateScopedKey();
  const createAccount = useCreateAccountKey();
  const isPending = createScoped.isPending || createAccount.isPending;

  const close = () => {
    setCreated(null);
    setKind("scoped");
    // Drop the mutation results too: they hold the token.
    createScoped.reset();
    createAccount.reset();
    onOpenChange(false);
  };

  const submitScoped = async (values: TScopedKeyForm) => {
    const key = await createScoped.mutateAsync(values);
    setCreated({ name: key.name, token: key.token ?? "" });
  };
  const submitAccount = async (values: TCreateAccountKeyBody) => {
    const key = await createAccount.mutateAsync(values);
    setCreated({ name: key.name, token: key.token ?? "" });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      // Neither a request in flight nor an unsaved token may be dismissed by accident.
      isLocked={isPending || created !== null}
      title={created ? `Key “${created.name}” created` : "Create API key"}
      description={created ? undefined : `Scoped keys belong to the ${environment} environment.`}
      testId="create-key-dialog"
    >
      {created ? (
        <TokenReveal token={created.token} onDone={close} />
      ) : (
        <div className="space-y-5">
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Access</legend>
            <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
              {KINDS.map((k) => (
                <label
                  key={k.value}
                  className={cn(
                    "flex cursor-pointer gap-2.5 rounded-lg p-3 ring-1 ring-inset",
                    kind === k.value ? "bg-indigo-50/60 ring-indigo-500" : "ring-slate-200 hover:bg-slate-50",
                  )}
                >
                  <input
                    type="radio"
                    name="key-kind"
                    value={k.value}
                    checked={kind === k.value}
                    onChange={() => setKind(k.value)}
                    disabled={isPending}
                    className="mt-0.5 accent-indigo-600"
                  />
                  <span>
                    <span className="block text-sm font-medium text-slate-900">{k.label}</span>
                    <span className="block text-xs text-slate-500">{k.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {kind === "scoped" ? (
            <ScopedKeyForm onSubmit={submitScoped} onCancel={close} isPending={isPending} />
          ) : (
            <AccountKeyForm onSubmit={submitAccount} onCancel={close} isPending={isPending} />
          )}
        </div>
      )}
    </Dialog>
  );
};
