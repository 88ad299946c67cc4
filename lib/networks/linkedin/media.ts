import { NetworkError } from "../errors";
import { readJson } from "../http";
import type { ProfileAuth, PublishMedia } from "../types";
import { mapLinkedInError } from "./errors";
import { at, bearer, restHeaders, type LinkedInCtx } from "./settings";

// Media for the Posts API: each file becomes an asset URN owned by the post's author before the post is
// created. Images and documents: `initializeUpload` returns one upload URL and the asset URN, the bytes go
// in one PUT. Videos: `initializeUpload` with the size returns one upload URL per part (byte ranges);
// each part is PUT and its ETag kept, then `finalizeUpload` with the ETags in order. LinkedIn processes
// the asset afterwards; the post may only reference it once GET /rest/<assets>/{urn} says AVAILABLE.

const errors = { mapError: mapLinkedInError };
const POLL_INTERVAL_MS = 2_000;
const MAX_POLLS = 90; // three minutes

type Kind = "images" | "documents" | "videos";
type InitializeAnswer = {
  value?: {
    uploadUrl?: string;
    image?: string;
    document?: string;
    video?: string;
    uploadToken?: string;
    uploadInstructions?: { uploadUrl: string; firstByte: number; lastByte: number }[];
  };
};

const json = (ctx: LinkedInCtx, auth: ProfileAuth) => ({
  ...restHeaders(ctx, auth),
  "content-type": "application/json",
});

const action = async <T>(ctx: LinkedInCtx, auth: ProfileAuth, kind: Kind, name: string, body: unknown) => {
  const res = await ctx.fetch(`${at(ctx.settings.api_url, `/rest/${kind}`)}?action=${name}`, {
    method: "POST",
    headers: json(ctx, auth),
    body: JSON.stringify(body),
  });
  return readJson<T>(errors, res);
};

// fetch's BodyInit wants a Uint8Array over an ArrayBuffer (not a SharedArrayBuffer); ours always are.
const asBody = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>;

// The upload URLs are LinkedIn's own (a signed dms-uploads URL); they take the member's bearer token too.
const put = async (ctx: LinkedInCtx, auth: ProfileAuth, url: string, bytes: Uint8Array, contentType: string) => {
  const res = await ctx.fetch(url, {
    method: "PUT",
    headers: { authorization: bearer(auth), "content-type": contentType },
    body: asBody(bytes),
  });
  if (!res.ok) await readJson(errors, res);
  else await res.body?.cancel();
  return res;
};

// AVAILABLE, or a rejection when LinkedIn could not process the file (PROCESSING_FAILED).
const awaitAvailable = async (ctx: LinkedInCtx, auth: ProfileAuth, kind: Kind, urn: string) => {
  const sleep = ctx.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  for (let i = 0; i < MAX_POLLS; i++) {
    const res = await ctx.fetch(at(ctx.settings.api_url, `/rest/${kind}/${encodeURIComponent(urn)}`), {
      headers: restHeaders(ctx, auth),
    });
    const asset = await readJson<{ status?: string; processingFailureReason?: string }>(errors, res);
    if (asset?.status === "AVAILABLE") return;
    if (asset?.status === "PROCESSING_FAILED") {
      const reason = asset.processingFailureReason ?? "PROCESSING_FAILED";
      throw new NetworkError("rejected", `LinkedIn could not process the uploaded file (${reason})`, {
        platformErrorCode: "PROCESSING_FAILED",
        platformErrorSubcode: null,
        platformErrorMessage: reason,
      });
    }
    await sleep(POLL_INTERVAL_MS);
  }
  throw new NetworkError(
    "outcome_unknown",
    `LinkedIn was still processing ${urn} after ${(MAX_POLLS * POLL_INTERVAL_MS) / 1000} s`,
  );
};

// An image (JPG, PNG, GIF) or a document (PDF, DOC(X), PPT(X)): its urn:li:image / urn:li:document.
const uploadSingle = async (
  ctx: LinkedInCtx,
  auth: ProfileAuth,
  owner: string,
  media: PublishMedia,
  kind: "images" | "documents",
) => {
  const answer = await action<InitializeAnswer>(ctx, auth, kind, "initializeUpload", {
    initializeUploadRequest: { owner },
  });
  const urn = kind === "images" ? answer?.value?.image : answer?.value?.document;
  const uploadUrl = answer?.value?.uploadUrl;
  if (!urn || !uploadUrl)
    throw new NetworkError("outcome_unknown", `LinkedIn answered initializeUpload (${kind}) without an upload URL`);
  await put(ctx, auth, uploadUrl, await media.read(), media.contentType);
  await awaitAvailable(ctx, auth, kind, urn);
  return urn;
};

// A video (MP4 and the others LinkedIn takes, up to 5 GB): parts as LinkedIn cut them, then finalize.
const uploadVideo = async (ctx: LinkedInCtx, auth: ProfileAuth, owner: string, media: PublishMedia) => {
  const bytes = await media.read();
  const answer = await action<InitializeAnswer>(ctx, auth, "videos", "initializeUpload", {
    initializeUploadRequest: { owner, fileSizeBytes: bytes.byteLength, uploadCaptions: false, uploadThumbnail: false },
  });
  const urn = answer?.value?.video;
  const parts = answer?.value?.uploadInstructions ?? [];
  if (!urn || parts.length === 0)
    throw new NetworkError(
      "outcome_unknown",
      "LinkedIn answered initializeUpload (videos) without upload instructions",
    );
  const etags: string[] = [];
  for (const part of parts) {
    const res = await put(
      ctx,
      auth,
      part.uploadUrl,
      bytes.subarray(part.firstByte, part.lastByte + 1),
      "application/octet-stream",
    );
    const etag = res.headers.get("etag");
    if (!etag) throw new NetworkError("outcome_unknown", "LinkedIn accepted a video part without an ETag");
    etags.push(etag);
  }
  const finalize = {
    finalizeUploadRequest: { video: urn, uploadToken: answer?.value?.uploadToken ?? "", uploadedPartIds: etags },
  };
  const res = await ctx.fetch(`${at(ctx.settings.api_url, "/rest/videos")}?action=finalizeUpload`, {
    method: "POST",
    headers: json(ctx, auth),
    body: JSON.stringify(finalize),
  });
  if (!res.ok) await readJson(errors, res);
  else await res.body?.cancel();
  await awaitAvailable(ctx, auth, "videos", urn);
  return urn;
};

export const uploadMedia = (
  ctx: LinkedInCtx,
  auth: ProfileAuth,
  owner: string,
  media: PublishMedia,
): Promise<string> => {
  if (media.kind === "video") return uploadVideo(ctx, auth, owner, media);
  if (media.kind === "document") return uploadSingle(ctx, auth, owner, media, "documents");
  return uploadSingle(ctx, auth, owner, media, "images");
};
