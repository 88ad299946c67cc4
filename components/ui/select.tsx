import type { Ref, SelectHTMLAttributes } from "react";
import { cn } from "@/lib/cn";
import { inputClass } from "./input";

// Native select styled like the inputs: accessible and keyboard-friendly without another dependency.
export const Select = ({
  className,
  ref,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) => (
  <select ref={ref} className={cn(inputClass, "pr-8", className)} {...props} />
);
