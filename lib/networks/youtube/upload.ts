import { z } from "zod";
import { NetworkError, details } from "../errors";
import { googleWrites, sleeper } from "../google/api";
import { readJson } from "../http";
import type { ConnectorContext } from "../types";

// YouTube's resumable upload protocol (videos.insert with uploadType=resumable):
// 1. POST {upload_url}/videos?uploadType=resumable&part=snippet,status with the video resource as JSON
//    and X-Upload-Content-Length / X-Upload-Content-Type; the Location header is the session URI.
// 2. PUT the bytes to the session URI in chunks (multiples of 256 KiB) with Content-Range. 308 Resume
//    Incomplete says how much Google kept (Range: bytes=0-N; no Range: nothing), the final 200/201
//    carries the video resource.
// 3. A PUT without an answer (or a 5xx) is not the end: `PUT Content-Range: bytes */TOTAL` asks the
//    session where it stands (308 + Range, or 200/201 when the upload completed after all), and the
//    upload resumes from there.
//
// A video exists only once Google has every byte. So a failure before the last byte was ever sent is
// safe to retry from scratch (rate_limited); after that, outcome_unknown (findPublished decides).

export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024; // a multiple of 256 KiB, as Google requires
const PUT_TIMEOUT_MS = 10 * 60_000; // per chunk; the context's fetch otherwise allows 30 s
const MAX_STALLS = 5; // attempts in a row that move the upload no further
const RETRY_LATER_MS = 30_000;
const SESSION_EXPIRED = "uploadSessionExpired";

export const ZVideo = z.object({
  id: z.string().min(1),
  snippet: z.object({ title: z.string().optional(), publishedAt: z.string().optional() }).optional(),
  status: z
    .object({
      uploadStatus: z.string().optional(),
      failureReason: z.string().optional(),
      rejectionReason: z.string().optional(),
      privacyStatus: z.string().optional(),
    })
    .optional(),
});
export type Video = z.infer<typeof ZVideo>;

type Ctx = ConnectorContext<{ upload_url: string }>;
type Upload = { token: string; metadata: unknown; bytes: Uint8Array; contentType: string };
type PutAnswer = { done: true; video: Video } | { done: false; next: number };

const retryLater = (message: string, err?: NetworkError) =>
  new NetworkError("rate_limited", message, err?.details, err?.retryAfterMs ?? RETRY_LATER_MS);

// Step 1. Nothing exists yet, so a lost answer or a 5xx here is "retry later", never outcome_unknown.
const startSession = async (ctx: Ctx, { token, metadata, bytes, contentType }: Upload): Promise<string> => {
  const url = new URL(`${ctx.settings.upload_url.replace(/\/+$/, "")}/videos`);
  url.search = new URLSearchParams({ uploadType: "resumable", part: "snippet,status" }).toString();
  let res: Response;
  try {
    res = await ctx.fetch(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json; charset=UTF-8",
        "x-upload-content-length": String(bytes.byteLength),
        "x-upload-content-type": contentType,
      },
      body: JSON.stringify(metadata),
    });
    if (!res.ok) await readJson(googleWrites, res);
  } catch (err) {
    if (err instanceof NetworkError && err.kind === "outcome_unknown")
      throw retryLater("YouTube did not open the upload session; retry later", err);
    throw err;
  }
  await res.body?.cancel();
  const location = res.headers.get("location");
  // The token goes to the session URI too: it must be Google's own upload host.
  if (!location || new URL(location, url).origin !== url.origin)
    throw retryLater("YouTube answered without a usable upload session");
  return new URL(location, url).toString();
};

const persistedUpTo = (range: string | null): number => {
  const end = range ? /bytes=0-(\d+)/.exec(range)?.[1] : undefined;
  return end === undefined ? 0 : Number(end) + 1;
};

// One PUT: a chunk from `start`, or (chunk null) the status query.
const put = async (
  ctx: Ctx,
  session: string,
  u: Upload,
  chunk: Uint8Array | null,
  start: number,
): Promise<PutAnswer> => {
  const total = u.bytes.byteLength;
  const res = await ctx.fetch(session, {
    method: "PUT",
    headers: {
      authorization: `Bearer ${u.token}`,
      "content-type": u.contentType,
      "content-range": chunk ? `bytes ${start}-${start + chunk.byteLength - 1}/${total}` : `bytes */${total}`,
    },
    body: (chunk ?? new Uint8Array(0)) as Uint8Array<ArrayBuffer>, // fetch's BodyInit wants an ArrayBuffer-backed view
    signal: AbortSignal.timeout(PUT_TIMEOUT_MS),
  });
  if (res.status === 308) {
    await res.body?.cancel();
    return { done: false, next: persistedUpTo(res.headers.get("range")) };
  }
  if (res.status === 404 || res.status === 410) {
    await res.body?.cancel();
    throw new NetworkError(
      "outcome_unknown",
      "The YouTube upload session has expired",
      details(SESSION_EXPIRED, res.status, null),
    );
  }
  const parsed = ZVideo.safeParse(await readJson(googleWrites, res));
  if (!parsed.success)
    throw new NetworkError("outcome_unknown", "YouTube finished the upload without a video resource");
  return { done: true, video: parsed.data };
};

// Steps 2 and 3: the bytes, resumed after interruptions, until Google returns the video.
export const resumableUpload = async (ctx: Ctx, upload: Upload): Promise<Video> => {
  const session = await startSession(ctx, upload);
  const sleep = sleeper(ctx);
  const total = upload.bytes.byteLength;
  let offset = 0;
  let askStatus = false; // the last PUT got no usable answer: ask the session where it stands
  let stalls = 0; // attempts in a row that moved nothing
  let lastByteSent = false;
  const giveUp = (why: string, err?: NetworkError) =>
    lastByteSent
      ? new NetworkError(
          "outcome_unknown",
          `The YouTube upload was interrupted after its last bytes were sent (${why})`,
          err?.details,
        )
      : retryLater(`The YouTube upload was interrupted before it completed (${why}); retry later`, err);
  for (;;) {
    const before = offset;
    let failure: NetworkError | null = null;
    try {
      const chunk = askStatus ? null : upload.bytes.subarray(offset, Math.min(offset + UPLOAD_CHUNK_BYTES, total));
      if (chunk && offset + chunk.byteLength === total) lastByteSent = true;
      const answer = await put(ctx, session, upload, chunk, offset);
      if (answer.done) return answer.video;
      if (answer.next > before) stalls = 0;
      else if (!askStatus) stalls++;
      offset = answer.next;
      askStatus = false;
    } catch (err) {
      // Lost answers, 5xx and connection trouble are resumable; anything else is Google's verdict.
      if (!(err instanceof NetworkError) || (err.kind !== "outcome_unknown" && err.kind !== "rate_limited")) throw err;
      failure = err;
    }
    if (failure) {
      if (failure.details.platformErrorCode === SESSION_EXPIRED) throw giveUp("the upload session expired", failure);
      if (++stalls > MAX_STALLS) throw giveUp(failure.message, failure);
      askStatus = true;
      await sleep(Math.min(1000 * 2 ** (stalls - 1), 30_000));
    } else if (stalls > MAX_STALLS) {
      throw giveUp("no progress");
    }
  }
};
