"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { inputClass } from "@/components/ui/input";
import { InlineStatus } from "@/components/ui/inline-status";
import { cn } from "@/lib/cn";
import { errorMessage } from "@/lib/query/fetcher";

// The inline reply under a comment: the text POST /api/posts/:id/comments takes as `body`.
const ZReply = z.object({ body: z.string().trim().min(1, "Write a reply first").max(8000, "Too long") });
type TReply = z.infer<typeof ZReply>;

type Props = {
  commentId: string;
  onSubmit: (body: string) => Promise<void>;
  onCancel: () => void;
  // The private reply (a direct message to the commenter) uses the same form.
  kind?: "reply" | "private_reply";
};

const LABELS = {
  reply: { field: "Reply", placeholder: "Write a reply…", submit: "Send reply", testId: "reply-form" },
  private_reply: {
    field: "Private reply",
    placeholder: "Write a direct message to the commenter…",
    submit: "Send private reply",
    testId: "private-reply-form",
  },
} as const;

export const ReplyForm = ({ commentId, onSubmit, onCancel, kind = "reply" }: Props) => {
  const labels = LABELS[kind];
  const form = useForm<TReply>({ resolver: zodResolver(ZReply), defaultValues: { body: "" } });
  const { errors, isSubmitting } = form.formState;
  const fieldId = `${kind}-${commentId}`;

  useEffect(() => form.setFocus("body"), [form]);

  const submit = form.handleSubmit(async ({ body }) => {
    try {
      await onSubmit(body);
      form.reset();
    } catch (err) {
      form.setError("root.server", { message: errorMessage(err) });
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-3 space-y-2"
      data-testid={labels.testId}
      onKeyDown={(e) => {
        if (e.key === "Escape") onCancel();
        if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) void submit();
      }}
    >
      <label htmlFor={fieldId} className="sr-only">
        {labels.field}
      </label>
      <textarea
        id={fieldId}
        rows={2}
        placeholder={`${labels.placeholder} (Ctrl+Enter to send, Esc to cancel)`}
        aria-invalid={errors.body ? true : undefined}
        aria-describedby={`${fieldId}-error`}
        className={cn(inputClass, "resize-y")}
        disabled={isSubmitting}
        {...form.register("body")}
      />
      <FieldError id={`${fieldId}-error`} message={errors.body?.message} />
      {errors.root?.server && <InlineStatus>{errors.root.server.message}</InlineStatus>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" size="sm" isLoading={isSubmitting}>
          {labels.submit}
        </Button>
      </div>
    </form>
  );
};
