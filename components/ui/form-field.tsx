import type { ReactNode } from "react";
import { FieldError } from "./field-error";
import { Label } from "./label";

// Label + control + hint/error. The control must carry id={id} and aria-describedby={`${id}-error`}.
export const FormField = ({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) => (
  <div>
    <Label htmlFor={id}>{label}</Label>
    <div className="mt-1.5">{children}</div>
    {hint && !error && <p className="mt-1.5 text-xs text-slate-500">{hint}</p>}
    <FieldError id={`${id}-error`} message={error} />
  </div>
);
