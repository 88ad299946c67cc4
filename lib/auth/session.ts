import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { cache } from "react";
import { findStaffUser, hasAnyStaffUser } from "@/lib/services/users/get-staff-user";
import { authOptions } from "./options";

export type StaffUser = NonNullable<Awaited<ReturnType<typeof findStaffUser>>>;

// The signed-in staff user, or null. A valid JWT whose user no longer exists (deleted, or a fresh
// database) counts as signed out, so pages never trust the cookie alone. Memoised per request: the
// layout and the page both ask.
export const getStaffSession = cache(async (): Promise<StaffUser | null> => {
  const session = await getServerSession(authOptions);
  const uid = (session?.user as { id?: unknown } | undefined)?.id;
  return typeof uid === "string" ? findStaffUser(uid) : null;
});

// Where a visitor without a session goes: the first-run form until an owner exists, then sign-in.
export const signInPath = async (): Promise<"/login" | "/setup"> => ((await hasAnyStaffUser()) ? "/login" : "/setup");

export const requireAdminSession = async (): Promise<StaffUser> => {
  const user = await getStaffSession();
  if (!user) redirect(await signInPath());
  return user;
};
