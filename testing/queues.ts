import * as queueRoute from "@/app/api/post_queues/[id]/route";
import * as queuesRoute from "@/app/api/post_queues/route";
import type { Principal } from "@/lib/principal";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { createPostQueue } from "@/lib/services/queues/post-queues";
import { callRoute } from "./call-route";
import { principalFor, seedAccount, seedGroup, seedKey } from "./seed";

// Post queue tests: a tenant with a group and an account key, queues made through the service or the
// routes, posts written straight to the database.

export const queueTenant = async () => {
  const account = await seedAccount();
  const group = await seedGroup({ accountId: account.id });
  const { token } = await seedKey({ accountId: account.id });
  return { account, group, token, principal: principalFor({ accountId: account.id }) };
};

export const slot = (day: number, time: string) => ({ day, time });

export const createQueueRequest = (token: string, body: unknown) =>
  callRoute(queuesRoute.POST, { path: "/api/post_queues", token, body });
export const patchQueueRequest = (token: string, id: string, body: unknown) =>
  callRoute(queueRoute.PATCH, { path: `/api/post_queues/${id}`, token, body, params: { id } });
export const getQueueRequest = (token: string, id: string) =>
  callRoute(queueRoute.GET, { path: `/api/post_queues/${id}`, token, params: { id } });

export const newQueue = (
  principal: Principal,
  groupId: string,
  fields: { name?: string; timezone?: string; timeslots?: { day: number; time: string }[] } = {},
) =>
  createPostQueue({
    principal,
    input: {
      profile_group_id: groupId,
      post_queue: {
        name: fields.name ?? "Q",
        timezone: fields.timezone ?? "UTC",
        jitter: 0,
        enabled: true,
        queue_timeslots_attributes: fields.timeslots ?? [],
      },
    },
  });

export const seedQueuePost = (
  group: { id: string; accountId: string; environment: "live" | "sandbox" },
  over: Record<string, unknown> = {},
) =>
  db.post.create({
    data: {
      id: newId("post"),
      accountId: group.accountId,
      environment: group.environment,
      profileGroupId: group.id,
      body: "hello",
      status: "scheduled",
      ...over,
    },
  });
