import type { ButtonHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

const VARIANTS = {
  primary: "bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-indigo-600",
  secondary:
    "bg-white text-slate-700 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-indigo-600",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-500 focus-visible:outline-red-600",
  ghost: "text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-indigo-600",
  // row actions that remove something (delete, revoke, disconnect)
  dangerGhost: "text-red-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-red-600",
} as const;

const SIZES = { sm: "h-8 px-2.5 text-xs", md: "h-9 px-3.5 text-sm" } as const;

type ButtonStyle = { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES; className?: string };

// The button look, for links that navigate (next/link) but should read as an action.
export const buttonClass = ({ variant = "primary", size = "md", className }: ButtonStyle = {}): string =>
  cn(
    "inline-flex items-center justify-center gap-1.5 rounded-md font-medium whitespace-nowrap transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50",
    VARIANTS[variant],
    SIZES[size],
    className,
  );

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle & { isLoading?: boolean };

export const Button = ({
  variant = "primary",
  size = "md",
  isLoading = false,
  className,
  disabled,
  children,
  type = "button",
  ...props
}: ButtonProps) => (
  <button
    type={type}
    disabled={disabled || isLoading}
    aria-busy={isLoading || undefined}
    className={buttonClass({ variant, size, className })}
    {...props}
  >
    {isLoading && (
      <span className="size-3.5 animate-spin rounded-full border-2 border-current border-r-transparent" aria-hidden />
    )}
    {children}
  </button>
);
