import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, type Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

export const createPrisma = (url: string): PrismaClient =>
  new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });

// Created on first use (not at import) so that building the app needs no database.
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    globalForPrisma.prisma ??= createPrisma(env().DATABASE_URL);
    const value = Reflect.get(globalForPrisma.prisma, prop);
    return typeof value === "function" ? value.bind(globalForPrisma.prisma) : value;
  },
});

export type { PrismaClient };

/** A transaction's client (the `tx` of `db.$transaction(async (tx) => …)`): the one name for it. */
export type Tx = Prisma.TransactionClient;
export * from "@/lib/generated/prisma/client";
