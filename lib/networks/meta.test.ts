import { describe, expect, it } from "vitest";
import { PLATFORMS, type TPlatform } from "@/lib/schemas/common";
import { listPlatforms, networkMeta, platformsWhere } from "./meta";
import { connectorFor } from "./registry";

// The top-level keys of a params schema (an object, or an object piped into a transform).
type Def = { type: string; shape?: Record<string, unknown>; in?: { _zod: { def: Def } } };
const keysOf = (def: Def): string[] =>
  def.type === "object" && def.shape
    ? Object.keys(def.shape)
    : def.type === "pipe" && def.in
      ? keysOf(def.in._zod.def)
      : [];
const paramKeys = (platform: TPlatform) =>
  keysOf((networkMeta(platform).postRules!.params as unknown as { _zod: { def: Def } })._zod.def);

describe("network meta registry", () => {
  it("files each network's facts under its own name", () => {
    for (const platform of PLATFORMS) expect(networkMeta(platform).platform).toBe(platform);
  });

  it("a network's connector is filed under the same name as its facts", () => {
    for (const platform of PLATFORMS) expect(connectorFor({ platform, environment: "live" }).platform).toBe(platform);
  });

  it("the placement parameter of a network that takes posts is one of its post parameters", () => {
    for (const platform of platformsWhere((m) => m.placement !== undefined && m.postRules !== undefined))
      expect(paramKeys(platform), platform).toContain(networkMeta(platform).placement!.param);
  });

  it("a network connected with credentials has a credentials form and sample credentials its fields accept", () => {
    for (const platform of platformsWhere((m) => m.credentialFields !== undefined)) {
      const meta = networkMeta(platform);
      expect(meta.connectForm?.method, platform).toBe("credentials");
      expect(meta.credentialFields!.safeParse(meta.sampleCredentials).success, platform).toBe(true);
    }
  });

  it("lists names as 'a, b and c'", () => {
    expect(listPlatforms(["twitter", "threads", "bluesky"])).toBe("twitter, threads and bluesky");
    expect(listPlatforms(["twitter"])).toBe("twitter");
  });
});
