"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { InlineStatus } from "@/components/ui/inline-status";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { useEnvironment } from "@/lib/query/environment";
import { errorMessage } from "@/lib/query/fetcher";
import { useCreateProfileGroup } from "@/lib/query/profile-groups";
import { ZProfileGroupFields, type TCreateProfileGroupBody } from "@/lib/schemas/profile-groups";

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export const CreateProfileGroupDialog = ({ open, onOpenChange }: Props) => {
  const { environment } = useEnvironment();
  const toast = useToast();
  const createGroup = useCreateProfileGroup();
  // The same field schema POST /api/profile_groups validates.
  const form = useForm<z.input<typeof ZProfileGroupFields>, unknown, TCreateProfileGroupBody>({
    resolver: zodResolver(ZProfileGroupFields),
    defaultValues: { name: "" },
  });
  const { errors } = form.formState;
  const isPending = createGroup.isPending;

  const close = (next: boolean) => {
    if (!next) {
      form.reset();
      createGroup.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const group = await createGroup.mutateAsync(values);
      toast.success(`Created “${group.name}”`);
      close(false);
    } catch (err) {
      form.setError("root.server", { message: errorMessage(err) });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      isLocked={isPending}
      title="New profile group"
      description={`A group collects the social profiles of one client or brand in the ${environment} environment.`}
      testId="create-profile-group-dialog"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField id="group-name" label="Name" error={errors.name?.message}>
          <Input
            id="group-name"
            autoFocus
            placeholder="Acme Coffee"
            aria-invalid={!!errors.name}
            aria-describedby="group-name-error"
            disabled={isPending}
            {...form.register("name")}
          />
        </FormField>
        <InlineStatus>{errors.root?.server?.message}</InlineStatus>
        <DialogFooter>
          <Button variant="secondary" onClick={() => close(false)} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isPending}>
            Create group
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
};
