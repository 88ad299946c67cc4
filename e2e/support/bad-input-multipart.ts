import type { Target, Variant } from "./bad-input";

// Multipart variants of the bad-input campaign (POST /api/posts, PATCH /api/posts/:id). Requests that carry
// a file are always must-refuse (tenant A): the media directory must end exactly as it started, so a file
// may only ever be stored by a request that is then refused (and must be removed again).

type Part = { name: string; value: string | Buffer; filename?: string; type?: string };

// A 1x1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

let boundaries = 0;
const encode = (parts: Part[], boundary: string): Buffer =>
  Buffer.concat([
    ...parts.flatMap((p) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ""}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`,
      ),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from("\r\n"),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);

const png = (name: string): Part => ({ name, value: PNG, filename: "photo.png", type: "image/png" });
const notAnImage = (name: string): Part => ({
  name,
  value: Buffer.from("<html>not an image</html>"),
  filename: "fake.png",
  type: "image/png",
});

export const multipartVariants = (op: string): Variant[] => {
  const isCreate = op.startsWith("POST");
  const base: Part[] = isCreate
    ? [
        { name: "profiles[]", value: "bluesky" },
        { name: "post[body]", value: "multipart" },
      ]
    : [{ name: "post[body]", value: "multipart" }];
  const v = (
    kind: string,
    mustRefuse: boolean,
    parts: Part[] | ((boundary: string) => Buffer),
    contentType?: (boundary: string) => string,
  ): Variant => ({
    op,
    kind: `multipart ${kind}`,
    mustRefuse,
    write: true,
    build: (t: Target) => {
      const boundary = `----campaign${++boundaries}`;
      const body = typeof parts === "function" ? parts(boundary) : encode(parts, boundary);
      return {
        path: "",
        headers: {
          authorization: `Bearer ${t.token}`,
          "content-type": contentType?.(boundary) ?? `multipart/form-data; boundary=${boundary}`,
        },
        body,
      };
    },
  });
  return [
    v("__proto__[polluted]", true, [{ name: "__proto__[polluted]", value: "yes" }, ...base]),
    v("constructor[prototype]", true, [{ name: "constructor[prototype][polluted]", value: "yes" }, ...base]),
    v("post[__proto__]", true, [...base, { name: "post[__proto__][polluted]", value: "yes" }]),
    v("platforms[bluesky][__proto__]", true, [
      ...base,
      { name: "platforms[bluesky][__proto__][polluted]", value: "yes" },
    ]),
    v("prototype alone", true, [...base, { name: "prototype", value: "x" }]),
    v("platforms JSON with __proto__", true, [
      ...base,
      { name: "platforms", value: '{"bluesky":{"__proto__":{"polluted":true}}}' },
    ]),
    v("NUL in body", true, [...base, { name: "post[body]", value: "a\u0000b" }]),
    v("NUL in a field name", true, [...base, { name: "post[a\u0000]", value: "x" }]),
    v("file + NUL field", true, [...base, png("media[]"), { name: "thread[0][body]", value: "\u0000" }]),
    v("file + second file not an image", true, [...base, png("media[]"), notAnImage("media[]")]),
    v("file as post[body]", true, [...base, png("post[body]")]),
    v("cover file + body over the network's limit", true, [
      ...base,
      { name: "post[body]", value: "z".repeat(400) },
      png("platforms[bluesky][cover_file]"),
    ]),
    v("file + platforms not JSON", true, [...base, png("media[]"), { name: "platforms", value: "{not json" }]),
    v("file + year 0000", true, [
      ...base,
      png("media[]"),
      { name: "post[scheduled_at]", value: "0000-01-01T00:00:00Z" },
    ]),
    ...(isCreate ? [v("file without profiles", true, [{ name: "post[body]", value: "x" }, png("media[]")])] : []),
    v("truncated", isCreate, (b) => encode(base, b).subarray(0, 40)),
    v("wrong boundary", isCreate, (b) => encode(base, `${b}x`)),
    v("no closing boundary", isCreate, (b) =>
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="post[body]"\r\n\r\nx`),
    ),
    v("part without a name", isCreate, (b) =>
      Buffer.from(`--${b}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${b}--\r\n`),
    ),
    v("garbage headers", isCreate, (b) => Buffer.from(`--${b}\r\n\u0000\u0001: ::\r\n\r\nx\r\n--${b}--\r\n`)),
    v(
      "boundary missing",
      isCreate,
      (b) => encode(base, b),
      () => "multipart/form-data",
    ),
    v("deep bracket names", false, [...base, { name: "a[b][c][d][e][f][g][h][i]", value: "x" }]),
    v("3000 fields", false, [
      ...base,
      ...Array.from({ length: 3000 }, (_, i) => ({ name: `x[${i % 7}][]`, value: String(i) })),
    ]),
    v("invalid UTF-8 value", false, [...base, { name: "post[body]", value: Buffer.from([0x61, 0xc3, 0x28, 0xff]) }]),
    v("platforms as a bare string", false, [...base, { name: "platforms", value: "bluesky" }]),
    v("media URL internal", false, [...base, { name: "media[]", value: "https://[::127.0.0.1]/a.png" }]),
  ];
};
