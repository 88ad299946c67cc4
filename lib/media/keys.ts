import { randomBytes } from "node:crypto";

// Storage keys of media files: `m/<32 hex>.<ext>`, unguessable (the files are public to whoever has
// the URL). Any key a backend or the media route accepts must match the key alphabet: path segments of
// letters, digits, `_` and `-`, and one extension on the last one; no `..`, no empty segments.
const KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*(?:\.[A-Za-z0-9]{1,10})?$/;
const MAX_KEY_LENGTH = 200;

export const isMediaKey = (key: string): boolean => key.length <= MAX_KEY_LENGTH && KEY.test(key);

export const assertMediaKey = (key: string): string => {
  if (!isMediaKey(key)) throw new Error(`Invalid media storage key: ${JSON.stringify(key.slice(0, MAX_KEY_LENGTH))}`);
  return key;
};

export const newMediaKey = (extension: string): string => {
  const ext = extension.replace(/^\./, "").toLowerCase();
  return `m/${randomBytes(16).toString("hex")}.${/^[a-z0-9]{1,10}$/.test(ext) ? ext : "bin"}`;
};
