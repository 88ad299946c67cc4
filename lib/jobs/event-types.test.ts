import { describe, expect, it } from "vitest";
import type { emitEvent } from "@/lib/services/events/emit-event";
import type { sendEvent } from "./send";

// Events are typed by their name: a payload that does not match its event's schema fails `npm run
// typecheck` (each @ts-expect-error below is an error TypeScript must find, or the typecheck fails), before
// the validation at run time. The calls are never made: only their types are checked.

type Send = typeof sendEvent;
type Emit = typeof emitEvent;
const never = (): never => {
  throw new Error("type-level only");
};
const base = { accountId: "acc_1", environment: "live", profileGroupId: null } as const;

describe("event payloads typed by event name", () => {
  it("sendEvent: data is the named event's schema", () => {
    const send: Send = never;
    const typed = () => [
      send({ name: "app/post.publish.requested", data: { rootPostId: "post_1", profileId: "prf_1" } }),
      // @ts-expect-error profileId missing
      send({ name: "app/post.publish.requested", data: { rootPostId: "post_1" } }),
      // @ts-expect-error removeRecord must be a boolean
      send({ name: "app/post.delete.requested", data: { rootPostId: "p", profileId: "q", removeRecord: "yes" } }),
      // @ts-expect-error another event's payload (app/post.media.requested takes a postId)
      send({ name: "app/post.media.requested", data: { rootPostId: "post_1", profileId: "prf_1" } }),
      // @ts-expect-error not a registered event
      send({ name: "app/post.nope", data: {} }),
      send([
        { name: "app/post.media.requested", data: { postId: "post_1" } },
        // @ts-expect-error each event of a batch is checked against its own name
        { name: "app/post.dispatch.requested", data: { rootPostId: "post_1" } },
      ]),
    ];
    expect(typed).toBeTypeOf("function");
  });

  it("emitEvent: data is the payload schema of the spec event's type (lib/schemas/events.ts)", () => {
    const emit: Emit = never;
    const placements = { id: "prf_1", platform: "facebook", placements_count: 2 };
    const typed = () => [
      emit({ ...base, type: "profile.placements_synced", data: placements }),
      // @ts-expect-error placements_count must be a number
      emit({ ...base, type: "profile.placements_synced", data: { ...placements, placements_count: "2" } }),
      // @ts-expect-error a message event's payload is { message }, not a placements count
      emit({ ...base, type: "message.sent", data: placements }),
    ];
    expect(typed).toBeTypeOf("function");
  });
});
