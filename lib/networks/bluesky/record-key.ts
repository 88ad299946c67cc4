import { createHash } from "node:crypto";
import { NetworkError } from "../errors";

// Exactly-once posting: we choose each post's record key (rkey) ourselves, derived from the publisher's
// clientReference, so a retried com.atproto.repo.createRecord names the same record and cannot create a
// second post, and findPublished can read the post back with getRecord.
//
// app.bsky.feed.post keys are TIDs: 13 characters of base32-sortable ("234567abcdefghijklmnopqrstuvwxyz")
// encoding a 64-bit integer whose top bit is 0 (53 bits of microseconds since 1970, then a 10-bit clock
// id). Ours take 60 bits from SHA-256(clientReference), so their timestamps lie before 2006: never in the
// future, and every such key starts with "2". The PDS refuses record keys matching its slur list; the
// only pattern of that list a digit-led 13-character key can hit is one unanchored word, so a key
// containing its stem is re-derived (with a counter) until clean - still deterministic.

const ALPHABET = "234567abcdefghijklmnopqrstuvwxyz";
const REFUSED = /n[ilo4a][gq]{2}/;

const encode = (value: bigint): string => {
  let out = "";
  for (let i = 0; i < 13; i++) {
    out = ALPHABET[Number(value & 31n)]! + out;
    value >>= 5n;
  }
  return out;
};

export const recordKeyFor = (clientReference: string): string => {
  for (let n = 0; ; n++) {
    const digest = createHash("sha256")
      .update(n === 0 ? clientReference : `${clientReference}#${n}`)
      .digest();
    const key = encode(digest.readBigUInt64BE(0) >> 4n); // 60 bits
    if (!REFUSED.test(key)) return key;
  }
};

export const TID_PATTERN = /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/;

export type AtUri = { repo: string; collection: string; rkey: string };

// at://<did>/<collection>/<rkey>, as createRecord returns it and as we store it as externalId.
export const parseAtUri = (uri: string): AtUri => {
  const match = /^at:\/\/([^/]+)\/([^/]+)\/([^/?#]+)$/.exec(uri);
  if (!match) throw new NetworkError("rejected", `Not a Bluesky post address: ${uri.slice(0, 200)}`);
  return { repo: match[1]!, collection: match[2]!, rkey: match[3]! };
};

export const POST_COLLECTION = "app.bsky.feed.post";

// The post's page on the Bluesky app. The DID, not the handle: it is what we hold without another call,
// and it does not break when the account changes its handle (bsky.app accepts both).
export const postUrl = (did: string, rkey: string) => `https://bsky.app/profile/${did}/post/${rkey}`;
