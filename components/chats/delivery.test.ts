import { describe, expect, it } from "vitest";
import type { TMessage } from "@/lib/query/chats";
import { deliveryLabel } from "./delivery";

const message = (m: Partial<TMessage>) =>
  ({ status: "published", external_delivered_at: null, external_read_at: null, ...m }) as TMessage;

describe("delivery ticks", () => {
  it("a sent message shows one tick, two once delivered, read once read", () => {
    expect(deliveryLabel(message({}))).toBe("✓ Sent");
    expect(deliveryLabel(message({ external_delivered_at: "2026-11-26T00:00:00Z" }))).toBe("✓✓ Delivered");
    expect(
      deliveryLabel(
        message({ external_delivered_at: "2026-11-26T00:00:00Z", external_read_at: "2026-11-26T00:01:00Z" }),
      ),
    ).toBe("✓✓ Read");
  });

  it("a message not sent yet or not sent shows its state, not ticks", () => {
    expect(deliveryLabel(message({ status: "pending" }))).toBe("Sending…");
    expect(deliveryLabel(message({ status: "failed", external_read_at: "2026-11-26T00:01:00Z" }))).toBe("Failed");
    expect(deliveryLabel(message({ status: "delivery_unconfirmed" }))).toBe("Unconfirmed");
  });
});
