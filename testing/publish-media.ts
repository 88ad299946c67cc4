import type { ProfileAuth, PublishInput, PublishMedia } from "@/lib/networks/types";

// Media and publish inputs for connector tests: what the publisher hands a connector once files are
// downloaded and stored. The bytes are small but carry real file signatures.

// A 1x1 PNG.
export const PNG_BYTES = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);
// An MP4 `ftyp` box followed by filler: enough for content sniffing and upload byte counts.
export const MP4_BYTES = Uint8Array.from([
  ...[
    0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0x02, 0, 0x69, 0x73, 0x6f, 0x6d, 0x69, 0x73,
    0x6f, 0x32,
  ],
  ...new Array<number>(2048).fill(7),
]);

export const publishMedia = (
  kind: "image" | "video",
  { url, bytes }: { url?: string; bytes?: Uint8Array } = {},
): PublishMedia => {
  const data = bytes ?? (kind === "image" ? PNG_BYTES : MP4_BYTES);
  return {
    url: url ?? `https://media.example.test/${kind === "image" ? "photo.png" : "clip.mp4"}`,
    contentType: kind === "image" ? "image/png" : "video/mp4",
    sizeBytes: data.byteLength,
    kind,
    read: async () => data,
  };
};

export const publishInput = (auth: ProfileAuth, input: Partial<PublishInput> = {}): PublishInput => ({
  auth,
  placement: null,
  body: "Hello from the publisher",
  media: [],
  params: {},
  replyTo: null,
  clientReference: `pp_${Math.random().toString(36).slice(2, 12)}`,
  ...input,
});

// A sleep that does not wait, for status polling against fakes.
export const noSleep = async (_ms: number) => {};
