import "server-only";
import { createHmac } from "node:crypto";
import { safeEqual } from "@/lib/crypto";
import { encryptionKey } from "@/lib/env";

// The OAuth `state` parameter: the connection attempt's id plus an HMAC, so a forged or altered state is
// refused before any database lookup. Single use is enforced on the attempt row.
const mac = (id: string) => createHmac("sha256", encryptionKey()).update(`connection-state:${id}`).digest("base64url");

export const signState = (attemptId: string): string => `${attemptId}.${mac(attemptId)}`;

export const verifyState = (state: string | null | undefined): string | null => {
  const [id, signature, ...rest] = (state ?? "").split(".");
  if (!id || !signature || rest.length > 0) return null;
  return safeEqual(signature, mac(id)) ? id : null;
};
