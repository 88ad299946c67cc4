import "server-only";
import bcrypt from "bcryptjs";
import { db } from "@/lib/db/client";

// A fixed hash to compare against when the email is unknown, so timing does not reveal which emails exist.
const DUMMY_HASH = "$2b$12$CwTycUXWue0Thq9StjUM0uJ8.l6OL3tJmfdJ5LQd6aW4Yk8uJ6uQa";

export const verifyStaffCredentials = async ({ email, password }: { email: string; password: string }) => {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  const isValid = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
  return user && isValid ? { id: user.id, email: user.email, name: user.name, accountId: user.accountId } : null;
};

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, 12);
