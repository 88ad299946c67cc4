import { createHmac } from "node:crypto";
import { safeEqual } from "@/lib/crypto";

// X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
export const signPayload = ({ secret, body, timestamp }: { secret: string; body: string; timestamp: number }): string =>
  `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;

// What a receiver does: recompute and compare in constant time, refusing stale timestamps.
export const verifySignature = ({
  secret,
  body,
  header,
  toleranceSeconds = 300,
  now = Date.now(),
}: {
  secret: string;
  body: string;
  header: string;
  toleranceSeconds?: number;
  now?: number;
}): boolean => {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return false;
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  return safeEqual(signPayload({ secret, body, timestamp }), `t=${timestamp},v1=${parts.v1}`);
};
