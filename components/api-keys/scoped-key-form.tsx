"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { InlineStatus } from "@/components/ui/inline-status";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useEnvironment } from "@/lib/query/environment";
import { errorMessage } from "@/lib/query/fetcher";
import { useProfileGroups } from "@/lib/query/profile-groups";
import { ZCreateApiKeyBody } from "@/lib/schemas/api-keys";

// POST /api/api_keys's body, with the group required up front (the API answers a missing one with 422).
export const ZScopedKeyForm = ZCreateApiKeyBody.extend({
  profile_group_id: z.string({ error: "Choose a profile group" }).min(1, "Choose a profile group"),
});
export type TScopedKeyForm = z.output<typeof ZScopedKeyForm>;

type Props = { onSubmit: (values: TScopedKeyForm) => Promise<void>; onCancel: () => void; isPending: boolean };

export const ScopedKeyForm = ({ onSubmit, onCancel, isPending }: Props) => {
  const { environment } = useEnvironment();
  const groups = useProfileGroups();
  const form = useForm<z.input<typeof ZScopedKeyForm>, unknown, TScopedKeyForm>({
    resolver: zodResolver(ZScopedKeyForm),
    defaultValues: { profile_group_id: "", name: "" },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit({ ...values, name: values.name || undefined });
      form.reset();
    } catch (err) {
      form.setError("root.server", { message: errorMessage(err) });
    }
  });

  if (groups.isSuccess && groups.data.length === 0) {
    return (
      <InlineStatus tone="info">
        A scoped key acts on one profile group, and the {environment} environment has none yet.{" "}
        <Link href="/profile-groups" className="font-medium text-indigo-700 underline" onClick={onCancel}>
          Create a profile group
        </Link>{" "}
        first.
      </InlineStatus>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField
        id="key-group"
        label="Profile group"
        hint={`Groups of the ${environment} environment. The key can only see and act on this group.`}
        error={errors.profile_group_id?.message}
      >
        <Select
          id="key-group"
          aria-invalid={!!errors.profile_group_id}
          aria-describedby="key-group-error"
          disabled={isPending || groups.isPending}
          {...form.register("profile_group_id")}
        >
          <option value="">{groups.isPending ? "Loading…" : "Choose a group…"}</option>
          {groups.data?.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="key-name" label="Name" hint="Optional. Defaults to “<group> key”." error={errors.name?.message}>
        <Input
          id="key-name"
          placeholder="Zapier integration"
          aria-invalid={!!errors.name}
          aria-describedby="key-name-error"
          disabled={isPending}
          {...form.register("name")}
        />
      </FormField>
      <InlineStatus>
        {errors.root?.server?.message ?? (groups.isError ? errorMessage(groups.error) : null)}
      </InlineStatus>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isPending}>
          Create key
        </Button>
      </DialogFooter>
    </form>
  );
};
