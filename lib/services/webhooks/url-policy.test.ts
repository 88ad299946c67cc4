import { describe, expect, it } from "vitest";
import { guardedLookup, isInternalAddress, parseAllowlist } from "@/lib/net/address-policy";
import { assertDeliverableUrl } from "./url-policy";

describe("webhook URL policy", () => {
  it("classifies internal addresses", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "0.0.0.0",
      "100.64.0.1",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::",
    ]) {
      expect(isInternalAddress(a), a).toBe(true);
    }
    for (const a of ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) {
      expect(isInternalAddress(a), a).toBe(false);
    }
  });

  it("refuses plain HTTP and internal hosts unless allowlisted", async () => {
    const none = parseAllowlist(undefined);
    await expect(assertDeliverableUrl("http://93.184.216.34/hook", none)).rejects.toMatchObject({ status: 422 });
    await expect(assertDeliverableUrl("https://127.0.0.1/hook", none)).rejects.toMatchObject({ status: 422 });
    await expect(assertDeliverableUrl("https://localhost/hook", none)).rejects.toMatchObject({ status: 422 });
    await expect(assertDeliverableUrl("https://[::1]/hook", none)).rejects.toMatchObject({ status: 422 });
    await expect(assertDeliverableUrl("https://10.0.0.5/hook", parseAllowlist("10.0.0.0/8"))).resolves.toBeUndefined();
    await expect(assertDeliverableUrl("https://localhost/hook", parseAllowlist("localhost"))).resolves.toBeUndefined();
    await expect(assertDeliverableUrl("https://93.184.216.34/hook", none)).resolves.toBeUndefined();
  });

  it("refuses internal addresses at connect time (DNS answers may change after validation)", async () => {
    const lookup = guardedLookup(parseAllowlist(""));
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      lookup("localhost", {}, (err) => resolve(err)),
    );
    expect(error?.code).toBe("EINTERNALADDR");
    const allowed = guardedLookup(parseAllowlist("localhost"));
    const address = await new Promise<string>((resolve) => allowed("localhost", {}, (_e, a) => resolve(a as string)));
    expect(isInternalAddress(address)).toBe(true);
  });
});
