import { describe, expect, it } from "vitest";
import { MB, type FormatLimits } from "@/lib/networks/post-rules";
import { mediaLimitIssues } from "./validate";

const limits: FormatLimits = {
  image: { maxBytes: 8 * MB, types: ["jpg", "png"], maxCount: 4, minWidth: 200, minHeight: 200 },
  video: { maxBytes: 512 * MB, types: ["mp4", "mov"], maxCount: 1, minDurationSec: 3, maxDurationSec: 140 },
  mediaRequired: false,
  mixingAllowed: false,
  maxItems: 4,
  bodyMax: 280,
};
const image = { contentType: "image/jpeg", sizeBytes: 1 * MB, kind: "image" as const, width: 800, height: 600 };
const video = {
  contentType: "video/mp4",
  sizeBytes: 20 * MB,
  kind: "video" as const,
  width: 1920,
  height: 1080,
  durationSec: 30,
};

describe("mediaLimitIssues", () => {
  it("passes files within the limits, and unknown facts", () => {
    expect(mediaLimitIssues(image, limits, 0)).toEqual([]);
    expect(mediaLimitIssues(video, limits, 0)).toEqual([]);
    expect(mediaLimitIssues({ ...video, width: null, height: null, durationSec: null }, limits, 0)).toEqual([]);
  });

  it("names the item, the value and the limit", () => {
    expect(mediaLimitIssues({ ...image, sizeBytes: 9.1 * MB }, limits, 0)).toEqual([
      "media[0] is 9.1 MB (maximum 8 MB for images)",
    ]);
    expect(mediaLimitIssues({ ...image, sizeBytes: 8 * MB + 5000 }, limits, 1)).toEqual([
      "media[1] is 8.005 MB (maximum 8 MB for images)",
    ]);
    expect(mediaLimitIssues({ ...image, contentType: "image/webp" }, limits, 2)).toEqual([
      "media[2] is webp (allowed for images: jpg, png)",
    ]);
    expect(mediaLimitIssues({ ...image, width: 150, height: 900 }, limits, 0)).toEqual([
      "media[0] is 150x900 pixels (minimum 200x200)",
    ]);
    expect(mediaLimitIssues({ ...video, durationSec: 2.5 }, limits, 0)).toEqual([
      "media[0] is 2.5 s long (minimum 3 s)",
    ]);
    expect(mediaLimitIssues({ ...video, durationSec: 140.04 }, limits, 0)).toEqual([
      "media[0] is 140.04 s long (maximum 140 s)",
    ]);
    expect(
      mediaLimitIssues(
        { ...video, sizeBytes: 600 * MB, contentType: "video/webm", durationSec: 200 },
        limits,
        0,
        "thread[1].media",
      ),
    ).toEqual([
      "thread[1].media[0] is webm (allowed for videos: mp4, mov)",
      "thread[1].media[0] is 600 MB (maximum 512 MB for videos)",
      "thread[1].media[0] is 200 s long (maximum 140 s)",
    ]);
  });

  it("checks GIFs as images, and refuses kinds the format does not take", () => {
    expect(mediaLimitIssues({ contentType: "image/gif", sizeBytes: 100, kind: "gif" }, limits, 0)).toEqual([
      "media[0] is gif (allowed for images: jpg, png)",
    ]);
    expect(mediaLimitIssues({ contentType: "application/pdf", sizeBytes: 100, kind: "document" }, limits, 3)).toEqual([
      "media[3]: documents are not supported here",
    ]);
    expect(
      mediaLimitIssues({ contentType: "application/octet-stream", sizeBytes: 100, kind: "unknown" }, limits, 0),
    ).toEqual(["media[0] has an unsupported file type (application/octet-stream)"]);
  });

  it("holds GIFs to the format's own GIF limit where it has one, bytes to a minimum too, and skips unknown sizes", () => {
    const withGif: FormatLimits = { ...limits, gif: { maxBytes: 15 * MB, types: ["gif"], maxCount: 1 } };
    const loop = { contentType: "image/gif", kind: "gif" as const };
    expect(mediaLimitIssues({ ...loop, sizeBytes: 12 * MB }, withGif, 0)).toEqual([]);
    expect(mediaLimitIssues({ ...loop, sizeBytes: 16 * MB }, withGif, 0)).toEqual([
      "media[0] is 16 MB (maximum 15 MB for GIFs)",
    ]);
    expect(mediaLimitIssues({ ...image, sizeBytes: 12 * MB }, withGif, 0)).toEqual([
      "media[0] is 12 MB (maximum 8 MB for images)",
    ]);
    const floor: FormatLimits = { ...limits, image: { ...limits.image!, minBytes: 10 * 1024 } };
    expect(mediaLimitIssues({ ...image, sizeBytes: 5 * 1024 }, floor, 0)).toEqual([
      "media[0] is 5 KB (minimum 10 KB for images)",
    ]);
    expect(mediaLimitIssues({ ...image, sizeBytes: null }, floor, 0)).toEqual([]);
  });

  it("gives long durations in minutes and one-sided size minimums", () => {
    const long = { ...limits, video: { ...limits.video!, maxDurationSec: 15 * 60, minWidth: 720 } };
    expect(mediaLimitIssues({ ...video, durationSec: 16 * 60, width: 640, height: 360 }, long, 0)).toEqual([
      "media[0] is 640x360 pixels (minimum width 720)",
      "media[0] is 16 min long (maximum 15 min)",
    ]);
  });
});
