import { z } from "zod";

// The admin sign-in form (next-auth credentials provider; not part of the public API).
export const ZSignInBody = z.object({
  email: z.email("Enter a valid email address").max(320, "Enter a valid email address"),
  password: z.string().min(1, "Enter your password").max(1024, "The password is too long"),
});
export type TSignInBody = z.infer<typeof ZSignInBody>;
