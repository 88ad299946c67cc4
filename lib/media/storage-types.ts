// Where media files live: local disk (storage-local) or an S3-compatible bucket (storage-s3).
export type StoredMedia = { bytes: Uint8Array; contentType: string };
export type StoredMediaInfo = { sizeBytes: number; contentType: string };
export type ByteRange = { start: number; end: number }; // inclusive, like HTTP ranges
export type ListedMedia = { key: string; modifiedAt: Date };

export type MediaStorage = {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredMedia | null>;
  delete(key: string): Promise<void>; // a missing key is not an error
  // Streaming access for serving large files in pieces (the media route falls back to get() without it).
  head?(key: string): Promise<StoredMediaInfo | null>;
  stream?(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
  // A file already on local disk (a spooled multipart part) stored without reading it into memory; the
  // source is moved or copied, and may be gone afterwards. Backends without it are given the bytes.
  putFile?(key: string, sourcePath: string, contentType: string): Promise<void>;
  // Every stored key under `prefix` with its last write (the housekeeping sweep of unreferenced files).
  list?(prefix: string): AsyncIterable<ListedMedia>;
};
