import { createHash, randomBytes } from "node:crypto";

// One registry of id prefixes. Ids are opaque to clients; the prefix only helps humans and logs.
export const ID_PREFIXES = {
  account: "acc",
  user: "usr",
  apiKey: "key",
  profileGroup: "grp",
  profile: "prof",
  placement: "plc",
  connectionAttempt: "conn",
  idempotency: "idem",
  event: "evt",
  webhook: "whk",
  webhookDispatch: "dsp",
  webhookDelivery: "dlv",
  jobRun: "run",
  request: "req",
  post: "post",
  platformPost: "ppost",
  postMedia: "med",
  postQueue: "que",
  statSnapshot: "stat",
  setupToken: "stp",
  comment: "cmt",
  commentAttachment: "catt",
  inboundDelivery: "inb",
  chat: "chat",
  message: "msg",
  messageAttachment: "matt",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"; // base58

export const randomBase58 = (length: number): string => {
  const out: string[] = [];
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 58 * 4 = 232: reject bytes >= 232 to keep the distribution uniform
      if (byte < 232 && out.length < length) out.push(ALPHABET[byte % 58]!);
    }
  }
  return out.join("");
};

export const newId = (kind: IdKind): string => `${ID_PREFIXES[kind]}_${randomBase58(16)}`;

// The same id for the same seed (idempotent inserts: one job run per event id and function).
export const idFromSeed = (kind: IdKind, seed: string): string => {
  const digest = createHash("sha256").update(seed).digest();
  let n = BigInt(`0x${digest.toString("hex")}`);
  const out: string[] = [];
  for (let i = 0; i < 16; i++) {
    out.push(ALPHABET[Number(n % 58n)]!);
    n /= 58n;
  }
  return `${ID_PREFIXES[kind]}_${out.join("")}`;
};
