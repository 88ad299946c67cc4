"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { InlineStatus } from "@/components/ui/inline-status";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useEnvironment } from "@/lib/query/environment";
import { errorMessage } from "@/lib/query/fetcher";
import { ZCreateAccountKeyBody, type TCreateAccountKeyBody } from "@/lib/schemas/api-keys";

type Props = { onSubmit: (values: TCreateAccountKeyBody) => Promise<void>; onCancel: () => void; isPending: boolean };

export const AccountKeyForm = ({ onSubmit, onCancel, isPending }: Props) => {
  const { environment } = useEnvironment();
  // The same schema POST /api/admin/account_keys validates.
  const form = useForm<z.input<typeof ZCreateAccountKeyBody>, unknown, TCreateAccountKeyBody>({
    resolver: zodResolver(ZCreateAccountKeyBody),
    defaultValues: { environment, name: "" },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      form.reset();
    } catch (err) {
      form.setError("root.server", { message: errorMessage(err) });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField id="key-environment" label="Environment" error={errors.environment?.message}>
        <Select
          id="key-environment"
          aria-describedby="key-environment-error"
          disabled={isPending}
          {...form.register("environment")}
        >
          <option value="live">Live</option>
          <option value="sandbox">Sandbox</option>
        </Select>
      </FormField>
      <FormField id="key-name" label="Name" error={errors.name?.message}>
        <Input
          id="key-name"
          placeholder="Backend server"
          aria-invalid={!!errors.name}
          aria-describedby="key-name-error"
          disabled={isPending}
          {...form.register("name")}
        />
      </FormField>
      <InlineStatus tone="warning">
        Account-wide keys can manage every profile group, profile and key of their environment.
      </InlineStatus>
      <InlineStatus>{errors.root?.server?.message}</InlineStatus>
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
