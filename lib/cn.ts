import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

// Class names: conditional (clsx) with later Tailwind utilities winning over earlier ones (twMerge).
export const cn = (...inputs: ClassValue[]): string => twMerge(clsx(inputs));
