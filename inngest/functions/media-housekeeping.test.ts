import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { mediaHousekeepingFn } from "./media-housekeeping";

// The function is one step over the service (lib/services/media/sweep-unreferenced.test.ts has the rules).
describe("media housekeeping function", () => {
  it("sweeps the media storage on its nightly tick and on demand", async () => {
    for (const event of [
      { name: "inngest/scheduled.timer", data: { cron: "TZ=UTC 47 3 * * *" } },
      { name: "system/jobs.housekeeping.requested", data: { reason: "test" } },
    ]) {
      const t = new InngestTestEngine({ function: mediaHousekeepingFn });
      const { result, error, ctx } = await t.execute({ events: [event] });
      expect(error).toBeUndefined();
      expect(result).toEqual({ scanned: expect.any(Number), removed: expect.any(Number), kept: expect.any(Number) });
      expect(ctx.step.run).toHaveBeenCalledWith("sweep-unreferenced-media", expect.any(Function));
    }
  });
});
