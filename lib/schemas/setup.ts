import { z } from "zod";

// setup_token: the one-time token printed by `npm start` and `npm run cli -- setup token`.
export const ZSetupOwnerBody = z.object({
  setup_token: z
    .string({ error: "Enter the setup token printed by npm start" })
    .trim()
    .min(1, "Enter the setup token printed by npm start")
    .max(200),
  account_name: z.string().trim().min(1, "Enter the agency name").max(100).optional(),
  name: z.string().trim().max(100).optional(),
  email: z.email("Enter a valid email address"),
  password: z.string().min(10, "Use at least 10 characters").max(200),
});
export type TSetupOwnerBody = z.infer<typeof ZSetupOwnerBody>;
