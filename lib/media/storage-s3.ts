import "server-only";
import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { assertMediaKey, isMediaKey } from "./keys";
import type { MediaStorage } from "./storage-types";

// Media files in an S3-compatible bucket (AWS S3, MinIO, R2, Garage, …): path-style requests
// (`<endpoint>/<bucket>/<key>`, which every implementation accepts), signed with AWS Signature V4 over
// the payload's SHA-256. The content type is the object's own Content-Type.

export type S3StorageConfig = {
  endpoint?: string; // default https://s3.<region>.amazonaws.com
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  requestTimeoutMs?: number; // per request; uploads of large videos need minutes
};

const EMPTY_SHA256 = createHash("sha256").digest("hex");

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!);

export const s3MediaStorage = ({
  endpoint,
  bucket,
  region,
  accessKeyId,
  secretAccessKey,
  requestTimeoutMs = 15 * 60_000,
}: S3StorageConfig): MediaStorage => {
  const base = (endpoint ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, "");
  // Retries of 5xx and 429 answers with backoff; every request is idempotent.
  const client = new AwsClient({ accessKeyId, secretAccessKey, service: "s3", region, retries: 2 });

  type SendOptions = { body?: Uint8Array; headers?: Record<string, string>; signal?: AbortSignal };
  const send = async (
    method: string,
    key: string | null, // null: the bucket itself
    { body, headers = {}, signal = AbortSignal.timeout(requestTimeoutMs) }: SendOptions = {},
    query = "",
  ) =>
    client.fetch(`${base}/${encodeURIComponent(bucket)}/${key === null ? "" : assertMediaKey(key)}${query}`, {
      method,
      headers: {
        ...headers,
        "X-Amz-Content-Sha256": body ? createHash("sha256").update(body).digest("hex") : EMPTY_SHA256,
      },
      body: body as Uint8Array<ArrayBuffer> | undefined,
      signal,
    });

  const fail = async (method: string, key: string, res: Response): Promise<never> => {
    const text = await res.text().catch(() => "");
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
    throw new Error(`S3 ${method} ${bucket}/${key} answered ${res.status}${code ? ` ${code}` : ""}`);
  };

  return {
    // ListObjectsV2, a page of up to 1000 keys at a time.
    async *list(prefix) {
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ "list-type": "2", prefix, ...(token && { "continuation-token": token }) });
        const res = await send("GET", null, {}, `?${query}`);
        if (!res.ok) await fail("LIST", prefix, res);
        const xml = await res.text();
        for (const [, item] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = unescapeXml(/<Key>([^<]*)<\/Key>/.exec(item!)?.[1] ?? "");
          const modified = /<LastModified>([^<]*)<\/LastModified>/.exec(item!)?.[1];
          if (isMediaKey(key) && modified) yield { key, modifiedAt: new Date(modified) };
        }
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? unescapeXml(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? "") || undefined
          : undefined;
      } while (token);
    },
    async put(key, bytes, contentType) {
      const res = await send("PUT", key, { body: bytes, headers: { "Content-Type": contentType } });
      if (!res.ok) await fail("PUT", key, res);
      await res.body?.cancel();
    },
    async get(key) {
      const res = await send("GET", key);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) return fail("GET", key, res);
      return {
        bytes: new Uint8Array(await res.arrayBuffer()),
        contentType: res.headers.get("content-type") ?? "application/octet-stream",
      };
    },
    async delete(key) {
      const res = await send("DELETE", key);
      if (!res.ok && res.status !== 404) await fail("DELETE", key, res);
      await res.body?.cancel();
    },
    async head(key) {
      const res = await send("HEAD", key);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 HEAD ${bucket}/${key} answered ${res.status}`);
      return {
        sizeBytes: Number(res.headers.get("content-length") ?? 0),
        contentType: res.headers.get("content-type") ?? "application/octet-stream",
      };
    },
    async stream(key, range) {
      // The deadline covers the answer's head only: a slow client may take long to read a large video.
      const controller = new AbortController();
      const timer = setTimeout(
        () => controller.abort(new Error(`S3 GET ${bucket}/${key}: no answer within ${requestTimeoutMs} ms`)),
        requestTimeoutMs,
      );
      const res = await send("GET", key, {
        signal: controller.signal,
        ...(range && { headers: { Range: `bytes=${range.start}-${range.end}` } }),
      }).finally(() => clearTimeout(timer));
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) return fail("GET", key, res);
      if (range && res.status !== 206) {
        await res.body?.cancel();
        throw new Error(`S3 GET ${bucket}/${key} ignored the range request (answered ${res.status})`);
      }
      return res.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
    },
  };
};
