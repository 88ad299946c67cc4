// A media file that cannot be used: `message` ("media https://x/y.jpg: the server answered 404") for the
// logs, `publicMessage` ("media https://x/y.jpg: could not be downloaded") for the API user and the post's
// error details. `code` lets callers tell transient failures
// (timeout, unreachable, a 5xx answer) from permanent ones; `source` is the URL or upload name.
export type MediaErrorCode =
  | "invalid_url" // not an http(s) URL
  | "private_address" // resolves to a loopback, private or link-local address
  | "unreachable" // DNS failure, refused or reset connection, TLS error
  | "timeout" // no connection or no complete answer in time
  | "http_status" // a non-2xx answer
  | "too_many_redirects"
  | "too_large"
  | "type_mismatch"; // declared as an image or video, but the bytes are something else

export class MediaError extends Error {
  constructor(
    readonly code: MediaErrorCode,
    readonly source: string,
    readonly reason: string,
    readonly status: number | null = null, // the HTTP status of an http_status error
  ) {
    super(`media ${source}: ${reason}`);
    this.name = "MediaError";
  }

  // What the API user is told of a download that failed: nothing about what its target answered or how it
  // could not be reached (status, content type, connection error, address, redirect target), so the
  // downloader is no probe of the hosts behind it; only our own size cap is named. `reason` and `message`
  // keep the detail for the logs. (A caller's own uploaded file is no download: its `reason` may be shown.)
  get publicReason(): string {
    return this.code === "too_large" ? this.reason : "could not be downloaded";
  }

  get publicMessage(): string {
    return `media ${this.source}: ${this.publicReason}`;
  }

  // Worth trying again later: the file may well be there next time.
  get isTransient(): boolean {
    return (
      this.code === "timeout" ||
      this.code === "unreachable" ||
      (this.code === "http_status" && (this.status === 429 || (this.status ?? 0) >= 500))
    );
  }
}
