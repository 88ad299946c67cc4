import { expect } from "vitest";
import { mediaAllowlist } from "@/lib/media/config";

// The cover tests of the connectors that download a caller's image (youtube thumbnails, tiktok covers):
// media downloads may reach the test file server by its name `localhost` only, so its address 127.0.0.1,
// like any loopback or metadata address, stays forbidden the way it is in production.

// Call first thing in the file's beforeAll (lib/env.ts reads the environment once per test file); returns
// the function that puts the previous value back.
export const onlyLocalhostMedia = () => {
  const previous = process.env.MEDIA_ALLOWED_PRIVATE_HOSTS;
  process.env.MEDIA_ALLOWED_PRIVATE_HOSTS = "localhost";
  expect([...mediaAllowlist().hostnames]).toEqual(["localhost"]); // the allowlist in force is this one
  return () => {
    if (previous === undefined) delete process.env.MEDIA_ALLOWED_PRIVATE_HOSTS;
    else process.env.MEDIA_ALLOWED_PRIVATE_HOSTS = previous;
  };
};

// A served path that redirects to the image at `target` on the server's loopback address.
export const REDIRECT_TO_LOOPBACK = "/cdn/redirect.png";
export const redirectToLoopback = (target: string) => ({
  [REDIRECT_TO_LOOPBACK]: { location: (loopback: (path: string) => string) => loopback(target) },
});

// Covers that must be refused without the server being contacted: the file server by its loopback
// address, the cloud metadata address, and an allowed host that redirects to loopback (each a label and
// the URL on a started file server).
type Files = { url: (path: string) => string; loopback: (path: string) => string };
export const FORBIDDEN_COVERS: [string, (files: Files) => string][] = [
  ["a loopback address", (files) => files.loopback("/secret.png")],
  ["the cloud metadata address", () => "http://169.254.169.254/latest/meta-data/iam/security-credentials/"],
  ["an allowed host redirecting to loopback", (files) => files.url(REDIRECT_TO_LOOPBACK)],
];

// The refusal the caller sees: generic, naming nothing of what the URL led to.
export const expectGenericRefusal = (err: unknown, field: string) => {
  expect(err).toMatchObject({ kind: "rejected", message: `${field} could not be downloaded` });
  const text = JSON.stringify({ message: (err as Error).message, details: (err as { details?: unknown }).details });
  expect(text).not.toMatch(/127\.0\.0\.1|169\.254|localhost|ECONN|HTTP|\b[1-5]\d\d\b|text\/|image\/|redirect|private/i);
};
