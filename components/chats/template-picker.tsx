"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useFieldArray, useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import type { TSendMessageBody } from "@/lib/schemas/messages";
import { templateRequest } from "./compose-request";

// Outside the messaging window: an approved template by name and language, with its body variables
// ({{1}}, {{2}}, … filled in order).

const ZTemplateForm = z.object({
  name: z.string().trim().min(1, "Name the template"),
  language: z.string().trim().min(2, "Give the template's language code"),
  variables: z.array(z.object({ value: z.string().trim().min(1, "Fill the variable or remove it") })),
});
type TTemplateForm = z.infer<typeof ZTemplateForm>;

export const TemplatePicker = ({ onSend }: { onSend: (request: TSendMessageBody) => void }) => {
  const form = useForm<TTemplateForm>({
    resolver: zodResolver(ZTemplateForm),
    defaultValues: { name: "", language: "en_US", variables: [] },
  });
  const variables = useFieldArray({ control: form.control, name: "variables" });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ name, language, variables: vars }) => {
    onSend(
      templateRequest(
        name,
        language,
        vars.map((v) => v.value),
      ),
    );
    form.reset({ name: "", language, variables: [] });
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-2" data-testid="template-picker">
      <div className="grid gap-2 sm:grid-cols-[2fr_1fr]">
        <div>
          <label htmlFor="template-name" className="text-xs font-medium text-slate-600">
            Template
          </label>
          <Input id="template-name" placeholder="order_update" {...form.register("name")} />
          <FieldError id="template-name-error" message={errors.name?.message} />
        </div>
        <div>
          <label htmlFor="template-language" className="text-xs font-medium text-slate-600">
            Language
          </label>
          <Input id="template-language" {...form.register("language")} />
          <FieldError id="template-language-error" message={errors.language?.message} />
        </div>
      </div>
      {variables.fields.map((field, i) => (
        <div key={field.id} className="flex items-start gap-2">
          <div className="flex-1">
            <label htmlFor={`template-var-${i}`} className="sr-only">{`Variable {{${i + 1}}}`}</label>
            <Input
              id={`template-var-${i}`}
              placeholder={`{{${i + 1}}}`}
              aria-label={`Variable {{${i + 1}}}`}
              {...form.register(`variables.${i}.value`)}
            />
            <FieldError id={`template-var-${i}-error`} message={errors.variables?.[i]?.value?.message} />
          </div>
          <Button variant="ghost" size="sm" onClick={() => variables.remove(i)}>
            Remove
          </Button>
        </div>
      ))}
      <div className="flex justify-between gap-2">
        <Button variant="secondary" size="sm" onClick={() => variables.append({ value: "" })}>
          Add variable
        </Button>
        <Button type="submit" size="sm">
          Send template
        </Button>
      </div>
    </form>
  );
};
