import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, safeEqual, sha256Hex } from "./crypto";

describe("crypto", () => {
  const key = randomBytes(32);

  it("round-trips secrets with AES-256-GCM and a fresh IV each time", () => {
    const a = encryptSecret("token-123", key);
    const b = encryptSecret("token-123", key);
    expect(a).not.toBe(b);
    expect(a).not.toContain("token-123");
    expect(decryptSecret(a, key)).toBe("token-123");
  });

  it("rejects tampered ciphertext and the wrong key", () => {
    const sealed = encryptSecret("token-123", key);
    const parts = sealed.split(".");
    parts[3] = Buffer.from("token-124").toString("base64url");
    expect(() => decryptSecret(parts.join("."), key)).toThrow();
    expect(() => decryptSecret(sealed, randomBytes(32))).toThrow();
  });

  it("hashes and compares", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(safeEqual("abc", "abc")).toBe(true);
    expect(safeEqual("abc", "abd")).toBe(false);
    expect(safeEqual("abc", "abcd")).toBe(false);
  });
});
