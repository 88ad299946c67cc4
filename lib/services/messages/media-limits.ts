import "server-only";
import { downloadMedia, MediaError } from "@/lib/media/download";
import { formatBytes } from "@/lib/media/format";
import type { Messaging } from "@/lib/networks/types";

// The network's size limits for the media file of a send (the connector's `messaging.mediaLimits`),
// checked before anything is stored: the file is downloaded (SSRF-guarded, capped at the network's
// largest limit while it streams), its bytes decide its kind, and a file over the limit for that kind,
// or one that cannot be downloaded, is a 422 problem naming it.

type Kind = "image" | "video" | "audio" | "file";
const KIND_NAMES: Record<Kind, string> = { image: "images", video: "videos", audio: "audio", file: "files" };

const kindOf = (contentType: string): Kind => {
  const top = contentType.split("/")[0];
  return top === "image" || top === "video" || top === "audio" ? top : "file";
};

export const mediaLimitProblems = async (
  messaging: Pick<Messaging<unknown>, "mediaLimits">,
  network: string,
  media: string[] | undefined,
): Promise<string[]> => {
  const limits = messaging.mediaLimits;
  if (!limits || !media?.length) return [];
  const largest = Math.max(...Object.values(limits));
  const problems: string[] = [];
  for (const url of media) {
    try {
      const file = await downloadMedia(url, { maxBytes: largest });
      const kind = kindOf(file.contentType);
      const limit = limits[kind];
      if (limit !== undefined && file.sizeBytes > limit)
        problems.push(
          `media: ${formatBytes(file.sizeBytes)} is over ${network}'s ${formatBytes(limit)} limit for ${KIND_NAMES[kind]}`,
        );
    } catch (err) {
      if (!(err instanceof MediaError)) throw err;
      problems.push(
        err.code === "too_large"
          ? `media: the file is over ${network}'s largest limit (${formatBytes(largest)})`
          : `media: ${err.publicReason}`,
      );
    }
  }
  return problems;
};
