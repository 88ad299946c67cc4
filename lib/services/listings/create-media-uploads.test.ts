import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as createMedia from "@/app/api/profiles/[id]/google_business/create_media/route";
import { db } from "@/lib/db/client";
import { PNG_BYTES } from "@/testing/publish-media";
import { seedSandboxTenant } from "@/testing/posts";

// create_media with a file part: the file is stored before Google is asked, and a request answered with
// an error (Google refusing the item, a file that is no photo) leaves nothing in storage.

// This file's own media directory, so counting files is exact while other test files upload in parallel.
process.env.MEDIA_DIR = mkdtempSync(path.join(tmpdir(), "create-media-uploads-"));
const mediaFiles = () => {
  try {
    return readdirSync(path.join(process.env.MEDIA_DIR!, "m"));
  } catch {
    return [];
  }
};

type Json = Record<string, any>;
let owner: { profileId: string; token: string };
let restaurant: string;
let plumber: string;
beforeAll(async () => {
  const tenant = await seedSandboxTenant(["google_business"]);
  const profile = tenant.profiles.google_business!;
  owner = { profileId: profile.id, token: tenant.token };
  [restaurant, plumber] = profile.placements.map((p) => p.externalId!).sort() as [string, string];
}, 60_000);
afterAll(() => db.$disconnect());

const upload = async (locationId: string, category: string, file: File) => {
  const form = new FormData();
  form.set("location_id", locationId);
  form.set("mediaFormat", "PHOTO");
  form.set("locationAssociation[category]", category);
  form.set("file", file);
  const req = new Request(`http://localhost/api/profiles/${owner.profileId}/google_business/create_media`, {
    method: "POST",
    headers: { authorization: `Bearer ${owner.token}` },
    body: form,
  });
  const res = await createMedia.POST(req, { params: Promise.resolve({ id: owner.profileId }) });
  return { status: res.status, json: (await res.json()) as Json };
};
const png = () => new File([PNG_BYTES], "front.png", { type: "image/png" });

describe("create_media uploads", () => {
  it("of a request Google refuses are removed", async () => {
    const before = mediaFiles();
    const refused = await upload(plumber, "FOOD_AND_DRINK", png()); // the plumber cannot have food menus
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(mediaFiles()).toEqual(before);
  });

  it("that are no photo or video are removed (422)", async () => {
    const before = mediaFiles();
    const text = await upload(restaurant, "EXTERIOR", new File(["plain words"], "notes.txt", { type: "text/plain" }));
    expect(text.status).toBe(422);
    expect(text.json.errors).toEqual([expect.stringMatching(/^file: .* is not a photo or a video$/)]);
    expect(mediaFiles()).toEqual(before);
  });

  it("are kept when Google takes the item (it fetches our copy)", async () => {
    const before = mediaFiles().length;
    const created = await upload(restaurant, "EXTERIOR", png());
    expect(created.status).toBe(201);
    expect(mediaFiles().length).toBe(before + 2); // the file and its type sidecar
  });
});
