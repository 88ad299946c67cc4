import { z } from "zod";

export const ZSetupOwnerBody = z.object({
  account_name: z.string().trim().min(1, "Enter the agency name").max(100).optional(),
  name: z.string().trim().max(100).optional(),
  email: z.email("Enter a valid email address"),
  password: z.string().min(10, "Use at least 10 characters").max(200),
});
export type TSetupOwnerBody = z.infer<typeof ZSetupOwnerBody>;
