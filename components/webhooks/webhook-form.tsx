"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { InlineStatus } from "@/components/ui/inline-status";
import { Input } from "@/components/ui/input";
import { splitServerErrors } from "@/lib/query/server-errors";
import { ZCreateWebhookBody, type TCreateWebhookBody } from "@/lib/schemas/webhooks";
import { EventPicker } from "./event-picker";

export type TWebhookFormValues = z.input<typeof ZCreateWebhookBody>;

const FIELDS = ["url", "events", "description"] as const;

type Props = {
  defaultValues: TWebhookFormValues;
  submitLabel: string;
  onSubmit: (values: TCreateWebhookBody) => Promise<void>;
  onCancel: () => void;
  isPending: boolean;
};

// Create and edit share this form and its schema: the one POST /api/webhooks validates. PATCH validates
// the same fields (each optional), so what passes here passes there.
export const WebhookForm = ({ defaultValues, submitLabel, onSubmit, onCancel, isPending }: Props) => {
  const form = useForm<TWebhookFormValues, unknown, TCreateWebhookBody>({
    resolver: zodResolver(ZCreateWebhookBody),
    defaultValues,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      form.reset();
    } catch (err) {
      // 422s name their field (url not HTTPS, not resolving, private address): shown next to it.
      const server = splitServerErrors(err, FIELDS);
      for (const field of FIELDS) {
        const message = server.fields[field];
        if (message) form.setError(field, { type: "server", message }, { shouldFocus: field === "url" });
      }
      if (server.general) form.setError("root.server", { message: server.general });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField
        id="webhook-url"
        label="Endpoint URL"
        hint="HTTPS only. Must be reachable from this server over the internet."
        error={errors.url?.message}
      >
        <Input
          id="webhook-url"
          type="url"
          inputMode="url"
          autoFocus
          autoComplete="off"
          placeholder="https://example.com/webhooks/publisher"
          aria-invalid={!!errors.url}
          aria-describedby="webhook-url-error"
          disabled={isPending}
          {...form.register("url")}
        />
      </FormField>
      <FormField
        id="webhook-description"
        label="Description"
        hint="Optional. What this endpoint is for."
        error={errors.description?.message}
      >
        <Input
          id="webhook-description"
          placeholder="Order sync"
          aria-invalid={!!errors.description}
          aria-describedby="webhook-description-error"
          disabled={isPending}
          {...form.register("description")}
        />
      </FormField>
      <Controller
        control={form.control}
        name="events"
        render={({ field, fieldState }) => (
          <EventPicker
            id="webhook-events"
            value={field.value}
            onChange={field.onChange}
            disabled={isPending}
            error={fieldState.error?.message}
          />
        )}
      />
      <InlineStatus>{errors.root?.server?.message}</InlineStatus>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isPending}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
};
