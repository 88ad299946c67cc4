import "server-only";
import { db } from "@/lib/db/client";

export const findStaffUser = (userId: string) =>
  db.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      accountId: true,
      email: true,
      name: true,
      role: true,
      failedSignIns: true,
      failedSignInAddresses: true,
    },
  });

export const hasAnyStaffUser = async (): Promise<boolean> => (await db.user.count()) > 0;
