import type { IncomingMessage } from "node:http";

// Request bodies as bytes, and multipart/form-data parsed the way a server does (the X and Telegram
// fakes take file uploads). Files keep their bytes so tests can compare what arrived.

export type FakeFile = { filename: string; type: string; bytes: Buffer };
export type FakeFields = Record<string, string | FakeFile>;

export const readRaw = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

export const isMultipart = (req: IncomingMessage) =>
  (req.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/form-data");

// A multipart body's fields; throws when it is not well-formed.
export const parseMultipart = async (req: IncomingMessage, raw: Buffer): Promise<FakeFields> => {
  const form = await new Response(new Uint8Array(raw), {
    headers: { "content-type": req.headers["content-type"] ?? "" },
  }).formData();
  const fields: FakeFields = {};
  for (const [name, value] of form.entries()) {
    fields[name] =
      typeof value === "string"
        ? value
        : { filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
  }
  return fields;
};

export const isFile = (v: unknown): v is FakeFile => typeof v === "object" && v !== null && "bytes" in v;
