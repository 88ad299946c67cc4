import { sniffContentType } from "@/lib/media/content-type";
import { probeMedia } from "@/lib/media/probe";
import { NetworkError, details } from "../errors";
import { downloadNamedImage } from "../named-image";
import { TIKTOK_COVER_LIMITS, type TikTokParams } from "./post-rules";

// A video's custom cover on the API for Business: `custom_thumbnail_url` in /business/video/publish/
// (github.com/aoyagikouhei/tiktok-business maker/apis/post_business_video_publish.yaml), an image TikTok
// fetches. cover_url, or cover_file once stored (its hosted URL), is downloaded first and checked
// against TikTok's cover limits (JPG, PNG or WebP, 360x360 to 1080x1920 px, at most 20 MB), so a cover
// TikTok would refuse fails the post before anything is published.

const TYPES: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

const refused = (message: string, code = "invalid_cover") =>
  new NetworkError("rejected", message, details(code, null, message));

export const coverUrlOf = async (params: TikTokParams): Promise<string | undefined> => {
  const file = params.cover_file;
  const url = params.cover_url ?? (typeof file === "string" && /^https?:\/\//i.test(file) ? file : undefined);
  if (!url) {
    if (file !== undefined) throw refused("cover_file could not be read (expected its hosted URL)");
    return undefined;
  }
  const field = params.cover_url ? "cover_url" : "cover_file";
  const limits = TIKTOK_COVER_LIMITS;
  const { bytes } = await downloadNamedImage(url, field, {
    maxBytes: limits.maxBytes,
    tooLarge: `${field} is larger than 20 MB`,
    refuse: (message) => refused(message),
  });
  const type = TYPES[sniffContentType(bytes) ?? ""];
  if (!type || !limits.types.includes(type)) throw refused(`${field} must be a JPG, PNG or WebP image`);
  const { width, height } = probeMedia(bytes);
  const fits =
    width !== null &&
    height !== null &&
    width >= limits.minWidth! &&
    height >= limits.minHeight! &&
    width <= limits.maxWidth &&
    height <= limits.maxHeight;
  if (!fits) {
    const size = width !== null && height !== null ? ` (it is ${width}x${height})` : "";
    throw refused(`${field} must be between 360x360 and 1080x1920 px${size}`);
  }
  return url;
};
