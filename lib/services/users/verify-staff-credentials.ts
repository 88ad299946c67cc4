import "server-only";
import { db } from "@/lib/db/client";
import { passwordHasher, type PasswordHasher } from "./password-hasher";

// A fixed hash to compare against when the email is unknown, so timing does not reveal which emails exist.
const DUMMY_HASH = "$2b$12$CwTycUXWue0Thq9StjUM0uJ8.l6OL3tJmfdJ5LQd6aW4Yk8uJ6uQa";

// Call only for an attempt the throttle admitted (lib/services/users/sign-in.ts): every call costs a hash.
export const verifyStaffCredentials = async (
  { email, password }: { email: string; password: string },
  hasher: PasswordHasher = passwordHasher,
) => {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  const isValid = await hasher.compare(password, user?.passwordHash ?? DUMMY_HASH);
  return user && isValid ? { id: user.id, email: user.email, name: user.name, accountId: user.accountId } : null;
};
