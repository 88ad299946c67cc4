// The streaming multipart/form-data parser Next ships (busboy 1.x, the one its server actions use),
// typed for what lib/api/multipart-stream.ts calls.
declare module "next/dist/compiled/busboy" {
  import type { Readable, Writable } from "node:stream";

  type Limits = {
    fieldNameSize?: number;
    fieldSize?: number;
    fields?: number;
    fileSize?: number;
    files?: number;
    parts?: number;
  };
  type FileInfo = { filename: string | undefined; encoding: string; mimeType: string };
  type FieldInfo = { nameTruncated: boolean; valueTruncated: boolean; encoding: string; mimeType: string };
  type FileStream = Readable & { truncated: boolean };

  interface Busboy extends Writable {
    on(event: "file", listener: (name: string, stream: FileStream, info: FileInfo) => void): this;
    on(event: "field", listener: (name: string, value: string, info: FieldInfo) => void): this;
    on(event: "partsLimit" | "filesLimit" | "fieldsLimit" | "close", listener: () => void): this;
    on(event: "error", listener: (err: Error) => void): this;
  }

  const busboy: (config: { headers: Record<string, string>; limits?: Limits; defParamCharset?: string }) => Busboy;
  export default busboy;
}
