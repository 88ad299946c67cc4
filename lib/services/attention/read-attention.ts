import "server-only";
import { groupScope, type Principal } from "@/lib/principal";
import { db } from "@/lib/db/client";
import type { Platform } from "@/lib/generated/prisma/enums";

// The admin's "Needs attention" page (app/(admin)/attention): what is wrong now in the caller's account and
// environment, one section per kind, each row naming its brand (profile group) and network.
// - platform posts that failed or whose delivery is unconfirmed, of the last ATTENTION_DAYS, newest first
//   (capped at `limit`, with the total for a "see all" link to GET /api/posts?status=failed's list);
// - profiles disconnected, or whose connection needs re-authorisation (Profile.expiresAt) within
//   EXPIRY_SOON_DAYS or already; access tokens (tokenExpiresAt) are refreshed by the jobs and are not listed;
// - enabled queues without a timeslot, and paused queues that still hold scheduled posts;
// - enabled webhooks whose latest delivery attempt of the last ATTENTION_DAYS failed (one that recovered is
//   healthy), with the number of failed attempts in that window.

export const ATTENTION_DAYS = 30;
export const EXPIRY_SOON_DAYS = 7;
const DAY_MS = 86_400_000;

type Brand = { id: string; name: string };

export type AttentionPost = {
  id: string; // the platform post
  postId: string; // the root post, whose page holds Retry
  body: string;
  platform: Platform;
  profileName: string;
  brand: Brand;
  status: "failed" | "delivery_unconfirmed";
  error: string | null;
  at: Date;
};

export type AttentionProfile = {
  id: string;
  platform: Platform;
  name: string;
  brand: Brand;
  reason: "disconnected" | "expired" | "expiring";
  detail: string | null; // the disconnect reason
  at: Date | null; // disconnected at, or the re-authorisation deadline
};

export type AttentionQueue = { id: string; name: string; brand: Brand; reason: "no_slots" | "paused"; waiting: number };

export type AttentionWebhook = {
  id: string;
  url: string;
  brand: Brand | null; // null: an account-wide webhook
  failures: number;
  lastError: string | null;
  lastStatus: number | null;
  at: Date;
};

export type Attention = {
  posts: { total: number; rows: AttentionPost[] };
  profiles: AttentionProfile[];
  queues: AttentionQueue[];
  webhooks: AttentionWebhook[];
};

const brandOf = (g: { id: string; name: string }): Brand => ({ id: g.id, name: g.name });

const readPosts = async (principal: Principal, since: Date, limit: number) => {
  const where = {
    status: { in: ["failed" as const, "delivery_unconfirmed" as const] },
    updatedAt: { gte: since },
    post: groupScope(principal),
  };
  const [total, rows] = await Promise.all([
    db.platformPost.count({ where }),
    db.platformPost.findMany({
      where,
      orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
      take: limit,
      include: {
        profile: { select: { name: true } },
        post: { select: { body: true, profileGroup: { select: { id: true, name: true } } } },
      },
    }),
  ]);
  return {
    total,
    rows: rows.map((p): AttentionPost => ({
      id: p.id,
      postId: p.rootPostId,
      body: p.post.body,
      platform: p.platform,
      profileName: p.profile.name,
      brand: brandOf(p.post.profileGroup),
      status: p.status === "failed" ? "failed" : "delivery_unconfirmed",
      error: p.error,
      at: p.updatedAt,
    })),
  };
};

const readProfiles = async (principal: Principal, now: Date): Promise<AttentionProfile[]> => {
  const soon = new Date(now.getTime() + EXPIRY_SOON_DAYS * DAY_MS);
  const rows = await db.profile.findMany({
    where: {
      AND: [groupScope(principal), { OR: [{ status: "disconnected" }, { expiresAt: { lte: soon } }] }],
    },
    orderBy: [{ expiresAt: "asc" }, { id: "asc" }],
    include: { profileGroup: { select: { id: true, name: true } } },
  });
  return rows.map((p) => ({
    id: p.id,
    platform: p.platform,
    name: p.name,
    brand: brandOf(p.profileGroup),
    reason: p.status === "disconnected" ? "disconnected" : p.expiresAt! <= now ? "expired" : "expiring",
    detail: p.status === "disconnected" ? p.disconnectReason : null,
    at: p.status === "disconnected" ? p.disconnectedAt : p.expiresAt,
  }));
};

const readQueues = async (principal: Principal): Promise<AttentionQueue[]> => {
  const waiting = { status: "scheduled" as const };
  const rows = await db.postQueue.findMany({
    where: {
      AND: [
        groupScope(principal),
        {
          OR: [
            { enabled: true, timeslots: { none: {} } },
            { enabled: false, posts: { some: waiting } },
          ],
        },
      ],
    },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    include: {
      profileGroup: { select: { id: true, name: true } },
      _count: { select: { posts: { where: waiting } } },
    },
  });
  return rows.map((q) => ({
    id: q.id,
    name: q.name,
    brand: brandOf(q.profileGroup),
    reason: q.enabled ? "no_slots" : "paused",
    waiting: q._count.posts,
  }));
};

const readWebhooks = async (principal: Principal, since: Date): Promise<AttentionWebhook[]> => {
  const failed = { success: false, attemptedAt: { gte: since } };
  const rows = await db.webhook.findMany({
    where: { AND: [groupScope(principal), { enabled: true, deliveries: { some: failed } }] },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: {
      profileGroup: { select: { id: true, name: true } },
      deliveries: { orderBy: [{ attemptedAt: "desc" }, { id: "desc" }], take: 1 },
      _count: { select: { deliveries: { where: failed } } },
    },
  });
  return rows.flatMap((w) => {
    const last = w.deliveries[0];
    if (!last || last.success) return [];
    return [
      {
        id: w.id,
        url: w.url,
        brand: w.profileGroup ? brandOf(w.profileGroup) : null,
        failures: w._count.deliveries,
        lastError: last.error,
        lastStatus: last.responseStatus,
        at: last.attemptedAt,
      },
    ];
  });
};

export const readAttention = async ({
  principal,
  now = new Date(),
  limit = 10,
}: {
  principal: Principal;
  now?: Date;
  limit?: number;
}): Promise<Attention> => {
  const since = new Date(now.getTime() - ATTENTION_DAYS * DAY_MS);
  const [posts, profiles, queues, webhooks] = await Promise.all([
    readPosts(principal, since, limit),
    readProfiles(principal, now),
    readQueues(principal),
    readWebhooks(principal, since),
  ]);
  return { posts, profiles, queues, webhooks };
};

export const isEmpty = (a: Attention) =>
  a.posts.total === 0 && a.profiles.length === 0 && a.queues.length === 0 && a.webhooks.length === 0;
