"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input, inputClass } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import type { TInboxChat, TSendMessageBody } from "@/lib/schemas/messages";
import { composerMode, freeFormRequest, utilityRequest } from "./compose-request";
import { TemplatePicker } from "./template-picker";

// The thread's composer: only what the chat allows now (compose-request.ts reads the network's composer
// capability and the window). Inside the window free-form text with tappable choices where the network
// takes them; outside it the template picker and/or a utility message; otherwise why nothing can be sent.

const CHOICE_LABELS = {
  quick_replies: "Quick replies",
  buttons: "Buttons",
  reply_markup: "Buttons",
  interactive: "Reply buttons",
} as const;

const ZFreeForm = z.object({
  body: z.string().trim().min(1, "Write a message first").max(4096, "Too long"),
  choices: z.string(),
});
type TFreeForm = z.infer<typeof ZFreeForm>;

type Props = { chat: TInboxChat; onSend: (request: TSendMessageBody) => void };

export const Composer = ({ chat, onSend }: Props) => {
  const mode = composerMode(chat);
  if (mode.kind === "closed")
    return (
      <p className="rounded-md bg-slate-50 p-3 text-xs text-slate-600" data-testid="composer-closed">
        {mode.reason}
      </p>
    );
  if (mode.kind === "outside_window")
    return (
      <div className="space-y-3" data-testid="composer-outside-window">
        <p className="rounded-md bg-amber-50 p-2 text-xs text-amber-800">
          Outside the messaging window: the participant has not written for a while, so only{" "}
          {mode.template ? "an approved template" : "a utility message"} can be sent.
        </p>
        {mode.template && <TemplatePicker onSend={onSend} />}
        {mode.utility && (
          <FreeForm
            label="Utility message"
            testId="composer-utility"
            choices={null}
            onSend={(b) => onSend(utilityRequest(b.body!))}
          />
        )}
      </div>
    );
  return <FreeForm label="Message" testId="composer" choices={mode.choices} onSend={onSend} />;
};

type FreeFormProps = {
  label: string;
  testId: string;
  choices: Extract<ReturnType<typeof composerMode>, { kind: "free_form" }>["choices"];
  onSend: (request: TSendMessageBody) => void;
};

const FreeForm = ({ label, testId, choices, onSend }: FreeFormProps) => {
  const form = useForm<TFreeForm>({ resolver: zodResolver(ZFreeForm), defaultValues: { body: "", choices: "" } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ body, choices: titles }) => {
    onSend(freeFormRequest(body, titles.split(","), choices));
    form.reset();
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-2"
      data-testid={testId}
      onKeyDown={(e) => {
        if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) void submit();
      }}
    >
      <label htmlFor={`${testId}-body`} className="sr-only">
        {label}
      </label>
      <textarea
        id={`${testId}-body`}
        rows={2}
        placeholder={`${label}… (Ctrl+Enter to send)`}
        aria-invalid={errors.body ? true : undefined}
        className={cn(inputClass, "resize-y")}
        {...form.register("body")}
      />
      <FieldError id={`${testId}-body-error`} message={errors.body?.message} />
      {choices && (
        <div>
          <label htmlFor="composer-choices" className="text-xs font-medium text-slate-600">
            {CHOICE_LABELS[choices]} (comma-separated, optional)
          </label>
          <Input id="composer-choices" placeholder="Yes, No" {...form.register("choices")} />
        </div>
      )}
      <div className="flex justify-end">
        <Button type="submit" size="sm">
          Send
        </Button>
      </div>
    </form>
  );
};
