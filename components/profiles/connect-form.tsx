"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type UseFormRegister } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { FormField } from "@/components/ui/form-field";
import { InlineStatus } from "@/components/ui/inline-status";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { splitServerErrors } from "@/lib/query/server-errors";
import { defaultValuesOf, type TConnectField, type TConnectFormSpec } from "./connect-form-specs";

type Props = {
  spec: TConnectFormSpec;
  submitLabel: string;
  // Resolves once connected (credentials) or never settles in practice (the browser leaves for the network).
  onSubmit: (fields: Record<string, string>) => Promise<void>;
  onCancel: () => void;
  cancelLabel: string;
  isPending: boolean;
};

const inputId = (name: string) => `connect-${name}`;

export const ConnectForm = ({ spec, submitLabel, onSubmit, onCancel, cancelLabel, isPending }: Props) => {
  const form = useForm<Record<string, string>, unknown, Record<string, string>>({
    resolver: zodResolver(spec.schema),
    defaultValues: defaultValuesOf(spec),
  });
  const { errors } = form.formState;
  const names = spec.fields.map((f) => f.name);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== "")));
      form.reset();
    } catch (err) {
      // 422s name their field ("bot_token: …", "identifier: …"): shown next to it; the rest
      // (already connected, not configured on this server, refused by the network) above the buttons.
      const server = splitServerErrors(err, names);
      let isFirst = true;
      for (const name of names) {
        const message = server.fields[name];
        if (!message) continue;
        form.setError(name, { type: "server", message }, { shouldFocus: isFirst });
        isFirst = false;
      }
      if (server.general) form.setError("root.server", { message: server.general });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{spec.intro}</p>
      {spec.fields.map((field, i) =>
        field.kind === "text" ? (
          <FormField
            key={field.name}
            id={inputId(field.name)}
            label={field.label}
            hint={field.hint}
            error={errors[field.name]?.message}
          >
            <Input
              id={inputId(field.name)}
              type={field.type ?? "text"}
              autoFocus={i === 0}
              autoComplete={field.autoComplete}
              spellCheck={false}
              placeholder={field.placeholder}
              aria-invalid={!!errors[field.name]}
              aria-describedby={`${inputId(field.name)}-error`}
              disabled={isPending}
              {...form.register(field.name)}
            />
          </FormField>
        ) : (
          <ChoiceField
            key={field.name}
            field={field}
            error={errors[field.name]?.message}
            disabled={isPending}
            register={form.register}
            selected={form.watch(field.name)}
          />
        ),
      )}
      <InlineStatus>{errors.root?.server?.message}</InlineStatus>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          {cancelLabel}
        </Button>
        <Button type="submit" isLoading={isPending} data-testid="connect-submit">
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
};

type ChoiceProps = {
  field: Extract<TConnectField, { kind: "choice" }>;
  error?: string;
  disabled: boolean;
  register: UseFormRegister<Record<string, string>>;
  selected: string | undefined;
};

// Radio cards, styled like the webhook event picker's modes.
const ChoiceField = ({ field, error, disabled, register, selected }: ChoiceProps) => {
  const id = inputId(field.name);
  return (
    <fieldset aria-describedby={`${id}-error`} data-testid={id}>
      <legend className="text-sm font-medium text-slate-700">{field.label}</legend>
      <div className="mt-1.5 space-y-2">
        {field.options.map((o) => (
          <label
            key={o.value || "default"}
            className={cn(
              "flex cursor-pointer gap-2.5 rounded-lg p-3 ring-1 ring-inset",
              selected === o.value ? "bg-indigo-50/60 ring-indigo-500" : "ring-slate-200 hover:bg-slate-50",
            )}
          >
            <input
              type="radio"
              value={o.value}
              disabled={disabled}
              className="mt-0.5 accent-indigo-600"
              {...register(field.name)}
            />
            <span>
              <span className="block text-sm font-medium text-slate-900">{o.label}</span>
              <span className="block text-xs text-slate-500">{o.hint}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
};
