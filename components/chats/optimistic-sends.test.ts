import { describe, expect, it } from "vitest";
import type { TMessage } from "@/lib/query/chats";
import { prunePending, threadWithPending, type TPendingSend } from "./optimistic-sends";

// Optimistic sends: shown pending at once, replaced by the polled message once the thread has it.

const server = (id: string, status: TMessage["status"] = "published") =>
  ({ id, chat_id: "chat_1", status, direction: "outbound", body: "x", created_at: "2026-11-26T00:00:00Z" }) as TMessage;
const send = (p: Partial<TPendingSend> = {}): TPendingSend => ({
  tempId: "tmp_1",
  chatId: "chat_1",
  request: { body: "Hello" },
  at: "2026-11-26T00:01:00Z",
  ...p,
});

describe("optimistic sends", () => {
  it("shows a send as pending on top of its own chat's thread only", () => {
    const shown = threadWithPending([server("msg_a")], [send()], "chat_1");
    expect(shown.map((m) => [m.id, m.status, m.body])).toEqual([
      ["tmp_1", "pending", "Hello"],
      ["msg_a", "published", "x"],
    ]);
    expect(threadWithPending([], [send()], "chat_2")).toEqual([]);
  });

  it("hands over to the polled message once the thread has the stored id", () => {
    const pending = [send({ serverId: "msg_b" })];
    expect(threadWithPending([server("msg_b", "pending")], pending, "chat_1").map((m) => m.id)).toEqual(["msg_b"]);
    expect(prunePending(pending, [server("msg_b")])).toEqual([]);
    expect(prunePending(pending, [server("msg_a")])).toBe(pending);
  });

  it("keeps a refused send visible as failed with the API's error", () => {
    const [shown] = threadWithPending([], [send({ error: "body is too long" })], "chat_1");
    expect(shown).toMatchObject({ status: "failed", error_message: "body is too long" });
  });
});
