import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { listen } from "./support";

// A small stand-in for an S3-compatible object store, written from the S3 REST API and Signature V4
// documentation: path-style object requests (`/<bucket>/<key>`) PUT, GET (with a single Range), HEAD
// and DELETE, XML errors `<Error><Code>…</Code><Message>…</Message></Error>`. Every request must carry
// an `AWS4-HMAC-SHA256` Authorization for the configured access key, whose signature is verified, and an
// `x-amz-content-sha256` equal to the SHA-256 of the body (real S3 also takes UNSIGNED-PAYLOAD; the fake
// insists on the hash so tests see that uploads are signed over their bytes).

type S3Object = { bytes: Buffer; contentType: string; modifiedAt?: Date };
export type S3Request = { method: string; path: string; accessKeyId: string | null; contentSha256: string | null };

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

const readRaw = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

const xmlError = (res: ServerResponse, status: number, code: string, message: string) => {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
};

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

export const startS3Fake = async ({
  accessKeyId = "AKIAFAKEFAKEFAKE",
  secretAccessKey = "fake/secret/key/for/tests",
  region = "us-east-1",
  buckets = ["media"],
}: { accessKeyId?: string; secretAccessKey?: string; region?: string; buckets?: string[] } = {}) => {
  const objects = new Map<string, S3Object>(); // "<bucket>/<key>"
  const requests: S3Request[] = [];
  const failures: { status: number; code: string }[] = [];

  // Signature V4 as S3 computes it; null when it matches, else the reason.
  const checkSignature = (req: IncomingMessage, payloadHash: string): string | null => {
    const match = AUTH.exec(req.headers.authorization ?? "");
    if (!match) return "missing or malformed AWS4-HMAC-SHA256 Authorization";
    const [, keyId, date, scopeRegion, signedHeaders, signature] = match as unknown as string[];
    if (keyId !== accessKeyId) return `unknown access key id ${keyId}`;
    if (scopeRegion !== region) return `wrong region ${scopeRegion}`;
    const amzDate = String(req.headers["x-amz-date"] ?? "");
    if (!amzDate.startsWith(date!)) return "x-amz-date does not match the credential scope";
    const url = new URL(req.url ?? "/", "http://s3.local");
    const query = [...url.searchParams]
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .sort()
      .join("&");
    const headers = signedHeaders!.split(";");
    if (!headers.includes("host") || !headers.includes("x-amz-content-sha256"))
      return "host and x-amz-content-sha256 must be signed";
    const canonicalHeaders = headers
      .map(
        (h) =>
          `${h}:${String(req.headers[h] ?? "")
            .trim()
            .replace(/\s+/g, " ")}\n`,
      )
      .join("");
    const canonicalRequest = [req.method, url.pathname, query, canonicalHeaders, signedHeaders, payloadHash].join("\n");
    const scope = `${date}/${region}/s3/aws4_request`;
    const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date!), region), "s3"), "aws4_request");
    const expected = createHmac("sha256", signingKey).update(stringToSign).digest();
    return timingSafeEqual(expected, Buffer.from(signature!, "hex")) ? null : "signature does not match";
  };

  // ListObjectsV2 (`GET /<bucket>?list-type=2&prefix=…`): keys in order, `max-keys` (default 1000) a page,
  // the next page's start as NextContinuationToken.
  const listObjects = (res: ServerResponse, bucket: string, url: URL) => {
    const prefix = url.searchParams.get("prefix") ?? "";
    const after = url.searchParams.get("continuation-token") ?? "";
    const max = Number(url.searchParams.get("max-keys") ?? 1000);
    const keys = [...objects.keys()]
      .filter((id) => id.startsWith(`${bucket}/${prefix}`))
      .map((id) => id.slice(bucket.length + 1))
      .filter((key) => key > after)
      .sort();
    const page = keys.slice(0, max);
    const truncated = keys.length > max;
    const contents = page
      .map((key) => {
        const object = objects.get(`${bucket}/${key}`)!;
        return `<Contents><Key>${key}</Key><LastModified>${(object.modifiedAt ?? new Date()).toISOString()}</LastModified><Size>${object.bytes.length}</Size></Contents>`;
      })
      .join("");
    res.writeHead(200, { "content-type": "application/xml" });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult><Name>${bucket}</Name><Prefix>${prefix}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${page.at(-1)}</NextContinuationToken>` : ""}${contents}</ListBucketResult>`,
    );
  };

  const server = await listen(async (req, res) => {
    const body = await readRaw(req);
    const contentSha256 = (req.headers["x-amz-content-sha256"] as string | undefined) ?? null;
    const accessKey = /Credential=([^/]+)\//.exec(req.headers.authorization ?? "")?.[1] ?? null;
    const url = new URL(req.url ?? "/", "http://s3.local");
    requests.push({ method: req.method ?? "", path: url.pathname, accessKeyId: accessKey, contentSha256 });

    if (contentSha256 !== sha256(body))
      return xmlError(res, 400, "XAmzContentSHA256Mismatch", "x-amz-content-sha256 does not match the body");
    const problem = checkSignature(req, contentSha256);
    if (problem)
      return xmlError(
        res,
        403,
        problem.startsWith("unknown access key") ? "InvalidAccessKeyId" : "SignatureDoesNotMatch",
        problem,
      );
    const failure = failures.shift();
    if (failure) return xmlError(res, failure.status, failure.code, "scripted failure");

    const [, bucket, ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    if (!bucket || !buckets.includes(bucket))
      return xmlError(res, 404, "NoSuchBucket", "The specified bucket does not exist");
    if (!key && req.method === "GET" && url.searchParams.get("list-type") === "2") return listObjects(res, bucket, url);
    if (!key) return xmlError(res, 400, "InvalidRequest", "bucket operations are not supported by this fake");
    const id = `${bucket}/${key}`;

    switch (req.method) {
      case "PUT": {
        if (req.headers["content-length"] === undefined)
          return xmlError(res, 411, "MissingContentLength", "Content-Length is required");
        objects.set(id, {
          bytes: body,
          contentType: (req.headers["content-type"] as string | undefined) ?? "binary/octet-stream",
          modifiedAt: new Date(),
        });
        res.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` });
        return res.end();
      }
      case "GET":
      case "HEAD": {
        const object = objects.get(id);
        if (!object) {
          if (req.method === "HEAD") return res.writeHead(404).end();
          return xmlError(res, 404, "NoSuchKey", "The specified key does not exist.");
        }
        const size = object.bytes.length;
        const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ""));
        if (range) {
          const start = Number(range[1]);
          const end = Math.min(range[2] ? Number(range[2]) : size - 1, size - 1);
          if (start >= size) return xmlError(res, 416, "InvalidRange", "The requested range is not satisfiable");
          res.writeHead(206, {
            "content-type": object.contentType,
            "content-length": String(end - start + 1),
            "content-range": `bytes ${start}-${end}/${size}`,
            "accept-ranges": "bytes",
          });
          return res.end(req.method === "HEAD" ? undefined : object.bytes.subarray(start, end + 1));
        }
        res.writeHead(200, {
          "content-type": object.contentType,
          "content-length": String(size),
          "accept-ranges": "bytes",
        });
        return res.end(req.method === "HEAD" ? undefined : object.bytes);
      }
      case "DELETE":
        objects.delete(id);
        res.writeHead(204);
        return res.end();
      default:
        return xmlError(res, 405, "MethodNotAllowed", `${req.method} is not allowed`);
    }
  });

  return {
    url: server.url,
    close: server.close,
    accessKeyId,
    secretAccessKey,
    region,
    objects,
    requests,
    // The next request (after its signature checks) answers `status` with S3 error `code`.
    failNext: (status: number, code: string) => void failures.push({ status, code }),
  };
};
