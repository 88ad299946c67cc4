import "server-only";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import {
  guardedLookup,
  INTERNAL_ADDRESS_CODE,
  isForbiddenLiteralHost,
  plainHostname,
  type HostAllowlist,
  type Resolver,
} from "@/lib/net/address-policy";
import { CONNECT_TIMEOUT_MS, DOWNLOAD_TIMEOUT_MS, MAX_REDIRECTS, USER_AGENT, mediaAllowlist } from "./config";
import { resolveContentType } from "./content-type";
import { formatBytes, formatDuration } from "./format";
import { MediaError } from "./media-error";

export { MediaError } from "./media-error";

export type DownloadOptions = {
  maxBytes: number;
  allowlist?: HostAllowlist; // private hosts that may be reached; default MEDIA_ALLOWED_PRIVATE_HOSTS
  connectTimeoutMs?: number; // per connection (TLS handshake included); default 10 s
  timeoutMs?: number; // the whole download, redirects included; default 120 s
  resolver?: Resolver; // DNS; default the system's (tests play one whose answers change)
};

export type DownloadedMedia = { bytes: Uint8Array; contentType: string; sizeBytes: number };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

// Downloads a media URL given by an API user. SSRF: http(s) only; every host (the first and each
// redirect target, followed by hand) must not be an internal address unless allowlisted, checked before
// connecting (IP literals) and at connect time (guardedLookup, so DNS cannot change the answer in
// between). The body is capped while it streams, and the bytes decide the content type. Throws MediaError.
export const downloadMedia = async (url: string, options: DownloadOptions): Promise<DownloadedMedia> => {
  const {
    maxBytes,
    allowlist = mediaAllowlist(),
    connectTimeoutMs = CONNECT_TIMEOUT_MS,
    timeoutMs = DOWNLOAD_TIMEOUT_MS,
    resolver,
  } = options;
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new MediaError("timeout", url, `not downloaded within ${formatDuration(timeoutMs / 1000)}`)),
    timeoutMs,
  );
  try {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new MediaError("invalid_url", url, "not a valid URL");
    }
    for (let redirects = 0; ; redirects++) {
      const hop = { source: url, target, redirected: redirects > 0 };
      if (target.protocol !== "http:" && target.protocol !== "https:")
        throw hopError(hop, "invalid_url", "only http and https URLs can be downloaded");
      if (isForbiddenLiteralHost(target, allowlist))
        throw hopError(hop, "private_address", "resolves to a private address");

      const res = await open(hop, { allowlist, resolver, connectTimeoutMs, signal: deadline.signal });
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECTS.has(status) && location) {
        res.destroy();
        if (redirects >= MAX_REDIRECTS)
          throw new MediaError("too_many_redirects", url, `more than ${MAX_REDIRECTS} redirects`);
        try {
          target = new URL(location, target);
        } catch {
          throw hopError(hop, "invalid_url", `redirects to an invalid URL (${location})`);
        }
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new MediaError(
          "http_status",
          url,
          `the server answered ${status}${hop.redirected ? ` (after a redirect to ${target.href})` : ""}`,
          status,
        );
      }
      const bytes = await readBody(res, { source: url, maxBytes, signal: deadline.signal });
      const contentType = resolveContentType({ bytes, declared: res.headers["content-type"], source: url });
      return { bytes, contentType, sizeBytes: bytes.byteLength };
    }
  } finally {
    clearTimeout(timer);
  }
};

type Hop = { source: string; target: URL; redirected: boolean };

const hopError = (hop: Hop, code: MediaError["code"], reason: string) =>
  new MediaError(code, hop.source, hop.redirected ? `${reason} (after a redirect to ${hop.target.href})` : reason);

// One GET; resolves with the response head.
type OpenOptions = { allowlist: HostAllowlist; resolver?: Resolver; connectTimeoutMs: number; signal: AbortSignal };
const open = (hop: Hop, { allowlist, resolver, connectTimeoutMs, signal }: OpenOptions) =>
  new Promise<IncomingMessage>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const isHttps = hop.target.protocol === "https:";
    const req = (isHttps ? httpsRequest : httpRequest)(hop.target, {
      method: "GET",
      headers: { "User-Agent": USER_AGENT, Accept: "*/*", "Accept-Encoding": "identity" },
      lookup: guardedLookup(allowlist, resolver),
      agent: false,
      signal,
    });
    const connectTimer = setTimeout(
      () => req.destroy(hopError(hop, "timeout", `no connection within ${formatDuration(connectTimeoutMs / 1000)}`)),
      connectTimeoutMs,
    );
    req.on("socket", (socket) => socket.once(isHttps ? "secureConnect" : "connect", () => clearTimeout(connectTimer)));
    req.on("response", (res) => {
      clearTimeout(connectTimer);
      resolve(res);
    });
    req.on("error", (err) => {
      clearTimeout(connectTimer);
      reject(signal.aborted ? signal.reason : toMediaError(hop, err));
    });
    req.end();
  });

const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH|ERR_OSSL)/;

const toMediaError = (hop: Hop, err: unknown): MediaError => {
  if (err instanceof MediaError) return err;
  const code = (err as NodeJS.ErrnoException).code ?? "";
  const host = plainHostname(hop.target);
  if (code === INTERNAL_ADDRESS_CODE) return hopError(hop, "private_address", "resolves to a private address");
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME")
    return hopError(hop, "unreachable", `the host ${host} does not resolve`);
  if (code === "ECONNREFUSED") return hopError(hop, "unreachable", "the connection was refused");
  if (code === "ECONNRESET" || code === "EPIPE")
    return hopError(hop, "unreachable", "the connection was closed before the file was complete");
  if (code === "ETIMEDOUT") return hopError(hop, "timeout", "the connection timed out");
  if (TLS_CODES.test(code)) return hopError(hop, "unreachable", `TLS error (${code})`);
  if (code === "Z_DATA_ERROR" || code === "Z_BUF_ERROR" || code.startsWith("ERR__"))
    return hopError(hop, "unreachable", "the compressed answer is corrupt");
  return hopError(hop, "unreachable", `the download failed (${code || (err as Error).message})`);
};

const join = (chunks: Buffer[], length: number) => {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
};

// The body, decompressed when the server compressed it anyway, never more than maxBytes of it.
const readBody = (
  res: IncomingMessage,
  { source, maxBytes, signal }: { source: string; maxBytes: number; signal: AbortSignal },
) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const tooLarge = () => new MediaError("too_large", source, `larger than ${formatBytes(maxBytes)}`);
    const hop = { source, target: new URL(source), redirected: false };
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      res.destroy();
      reject(signal.aborted ? signal.reason : toMediaError(hop, err));
    };

    const encoding = String(res.headers["content-encoding"] ?? "identity")
      .trim()
      .toLowerCase();
    const decoder =
      encoding === "gzip" || encoding === "x-gzip"
        ? createGunzip()
        : encoding === "deflate"
          ? createInflate()
          : encoding === "br"
            ? createBrotliDecompress()
            : null;
    const declared = Number(res.headers["content-length"]);
    const hasLength = res.headers["content-length"] !== undefined && Number.isSafeInteger(declared) && declared >= 0;
    if (hasLength && !decoder && declared > maxBytes) return fail(tooLarge());

    // With a trustworthy length, one buffer of that size; otherwise chunks joined at the end.
    const single = hasLength && !decoder ? new Uint8Array(declared) : null;
    const chunks: Buffer[] = [];
    let received = 0;
    const body: Readable = decoder ? res.pipe(decoder) : res;
    body.on("data", (chunk: Buffer) => {
      if (settled) return;
      received += chunk.length;
      if (received > maxBytes) return fail(tooLarge());
      if (single) {
        if (received > single.length)
          return fail(Object.assign(new Error("more bytes than Content-Length"), { code: "ECONNRESET" }));
        single.set(chunk, received - chunk.length);
      } else chunks.push(chunk);
    });
    body.on("end", () => {
      if (settled) return;
      if (single && received !== single.length)
        return fail(Object.assign(new Error("short body"), { code: "ECONNRESET" }));
      settled = true;
      resolve(single ?? join(chunks, received));
    });
    body.on("error", fail);
    if (decoder) res.on("error", fail);
    res.on("close", () => {
      if (!res.complete) fail(Object.assign(new Error("connection closed"), { code: "ECONNRESET" }));
    });
  });
