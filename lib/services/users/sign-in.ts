import "server-only";
import { ZSignInBody } from "@/lib/schemas/sign-in";
import { recordSignInFailure, settleSignInFailures } from "./sign-in-failures";
import { clearSignInAttempts, reserveSignInAttempt } from "./sign-in-throttle";
import { passwordHasher, type PasswordHasher } from "./password-hasher";
import { verifyStaffCredentials } from "./verify-staff-credentials";

export type SignInUser = { id: string; email: string; name: string | null; accountId: string };

// One staff sign-in attempt from `ip`: null for anything but a correct password within the throttle
// (malformed input, unknown email, wrong password, locked out, the hasher's queue full), so none of them
// can be told apart. The throttle decides before any password is hashed.
export const signInStaff = async ({
  email,
  password,
  ip,
  now = new Date(),
  hasher = passwordHasher,
}: {
  email: unknown;
  password: unknown;
  ip: string;
  now?: Date;
  hasher?: PasswordHasher;
}): Promise<SignInUser | null> => {
  const parsed = ZSignInBody.safeParse({
    email: typeof email === "string" ? email.trim().toLowerCase() : email,
    password,
  });
  if (!parsed.success) return null;
  const credentials = parsed.data;
  if (!(await reserveSignInAttempt({ email: credentials.email, ip, now }))) return null;
  const user = await verifyStaffCredentials(credentials, hasher);
  if (user) {
    await clearSignInAttempts({ email: credentials.email, ip });
    await settleSignInFailures(user.id);
  } else {
    await recordSignInFailure({ email: credentials.email, ip, now });
  }
  return user;
};
