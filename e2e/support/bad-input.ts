import { ANY_VALUES, Bytes, EDGE_REFUSED, QUERY_VALUES, Raw, toBody, withKey } from "./bad-input-values";
import { multipartVariants } from "./bad-input-multipart";

// The bad-input campaign's generator: from the OpenAPI document, for every operation, requests with
// missing and extra fields, wrong types, huge and deeply nested values, NUL and invalid UTF-8, boundary
// numbers and dates, malformed JSON and multipart, prototype keys, wrong content types, wrong methods and
// odd paths. Each request says whether the API *must* refuse it (`mustRefuse`: the edge refuses it
// whatever the endpoint does, e.g. a NUL anywhere in the body) or *may* accept it (a type the field might
// coerce, a boundary date). Must-refuse writes go to tenant A, whose rows are compared before and after;
// may-accept writes are spread over the B tenants, where an accepted write is legitimate. Deterministic
// for a seed.

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  maxLength?: number;
  minimum?: number;
  format?: string;
  $ref?: string;
};
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
};
export type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

export type Target = { token: string; ids: Record<string, string> }; // ids by prefix: grp, prof, post, que, whk, key
export type Built = { path: string; headers: Record<string, string>; body?: Buffer };
export type Variant = { op: string; kind: string; mustRefuse: boolean; write: boolean; build: (t: Target) => Built };
export type BadRequest = Built & {
  n: number;
  op: string;
  kind: string;
  method: string;
  tenant: string;
  mustRefuse: boolean;
};

export const prng = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const ID_PREFIX: Record<string, string> = {
  profile_groups: "grp",
  profiles: "prof",
  posts: "post",
  post_queues: "que",
  webhooks: "whk",
  api_keys: "key",
  account_keys: "key",
  queued_posts: "post",
};
const fillPath = (template: string, t: Target, id?: string) =>
  template.replace(
    /\/([a-z_]+)\/\{id\}/,
    (_m, resource: string) => `/${resource}/${id ?? t.ids[ID_PREFIX[resource] ?? ""] ?? "x"}`,
  );

const JSON_HEADERS = { "content-type": "application/json" };
const authOf = (t: Target) => ({ authorization: `Bearer ${t.token}` });

// A plausible value for a field (the baseline every mutation starts from).
const baseline = (schema: Schema | undefined, name: string, t: Target, depth = 0): unknown => {
  if (!schema || depth > 4) return "x";
  if (schema.anyOf) return baseline(schema.anyOf.find((s) => s.type !== "null") ?? schema.anyOf[0], name, t, depth);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (name === "profiles") return ["bluesky"];
  if (name === "profile_group_id") return t.ids.grp;
  if (name === "queue_id") return t.ids.que;
  if (name === "url") return "https://93.184.216.34/hook";
  if (type === "object")
    return Object.fromEntries(
      (schema.required ?? Object.keys(schema.properties ?? {}).slice(0, 2)).map((k) => [
        k,
        baseline(schema.properties?.[k], k, t, depth + 1),
      ]),
    );
  if (type === "array") return [baseline(schema.items, name, t, depth + 1)];
  if (type === "integer" || type === "number") return schema.minimum ?? 1;
  if (type === "boolean") return false;
  if (schema.format === "date-time") return new Date(Date.now() + 86_400_000).toISOString();
  if (schema.format === "uri") return "https://127.0.0.1/a.png";
  return "x";
};

// Every property path of a body schema (objects and first array items, a few levels deep).
const pathsOf = (
  schema: Schema | undefined,
  prefix: (string | number)[] = [],
  depth = 0,
): { path: (string | number)[]; schema: Schema; required: boolean }[] => {
  if (!schema || depth > 3) return [];
  const s = schema.anyOf?.find((x) => x.type !== "null") ?? schema;
  const out: { path: (string | number)[]; schema: Schema; required: boolean }[] = [];
  for (const [key, child] of Object.entries(s.properties ?? {})) {
    out.push({ path: [...prefix, key], schema: child, required: (s.required ?? []).includes(key) });
    const c = child.anyOf?.find((x) => x.type !== "null") ?? child;
    if (c.type === "object") out.push(...pathsOf(c, [...prefix, key], depth + 1));
    if (c.type === "array" && c.items?.type === "object") out.push(...pathsOf(c.items, [...prefix, key, 0], depth + 1));
  }
  return out;
};

const setAt = (value: unknown, path: (string | number)[], to: unknown | typeof REMOVE): unknown => {
  if (path.length === 0) return to;
  const [head, ...rest] = path;
  const base = Array.isArray(value)
    ? [...value]
    : value && typeof value === "object" && !(value instanceof Raw)
      ? { ...(value as object) }
      : typeof head === "number"
        ? []
        : {};
  const container = base as Record<string | number, unknown>;
  const next = setAt(container[head!], rest, to);
  if (next === REMOVE) delete container[head!];
  else container[head!] = next;
  return base;
};
const REMOVE = Symbol("remove");

const jsonBodyVariants = (op: string, method: string, schema: Schema): Variant[] => {
  const v = (
    kind: string,
    mustRefuse: boolean,
    body: (t: Target) => unknown,
    headers: Record<string, string> = JSON_HEADERS,
  ): Variant => ({
    op,
    kind,
    mustRefuse,
    write: true,
    build: (t) => ({ path: "", headers: { ...authOf(t), ...headers }, body: toBody(body(t)) }),
  });
  const raw = (kind: string, text: string | Buffer, headers: Record<string, string> = JSON_HEADERS): Variant => ({
    op,
    kind,
    mustRefuse: true,
    write: true,
    build: (t) => ({
      path: "",
      headers: { ...authOf(t), ...headers },
      body: Buffer.isBuffer(text) ? text : Buffer.from(text),
    }),
  });
  const out: Variant[] = [
    ...[
      "{",
      '{"a":',
      "[",
      "nul",
      '{"a":1}}',
      "{'a':1}",
      '{"a":1,}',
      "\u0000",
      "\ufeff{",
      '{"a":"\\x"}',
      '{"a":"\\ud800"',
    ].map((text) => raw(`malformed JSON ${JSON.stringify(text)}`, text)),
    raw("bytes ff fe", Buffer.from([0xff, 0xfe, 0x7b, 0x7d])),
    raw("form body as text/plain", "name=x&y=%00", { "content-type": "text/plain" }),
    raw("urlencoded body", "a=1&b[c]=2&__proto__[x]=1", { "content-type": "application/x-www-form-urlencoded" }),
    raw("xml body", "<post><body>x</body></post>", { "content-type": "application/xml" }),
    raw("multipart without boundary", "--x\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--x--", {
      "content-type": "multipart/form-data",
    }),
    raw("utf-16 JSON", Buffer.from('{"a":1}', "utf16le"), { "content-type": "application/json; charset=utf-16" }),
    raw("huge array", `[${"0,".repeat(200_000)}0]`),
    v("duplicate prototype key", true, (t) =>
      withKey(baseline(schema, "", t) as Record<string, unknown>, "__proto__", { polluted: true }),
    ),
  ];
  for (const top of [[], "x", 42, null, true]) out.push(v(`top-level ${JSON.stringify(top)}`, false, () => top));
  for (const edge of EDGE_REFUSED)
    out.push(
      v(`extra field ${edge.label}`, true, (t) => ({ ...(baseline(schema, "", t) as object), _extra: edge.value })),
    );
  out.push(
    v("extra field only", false, (t) => ({ ...(baseline(schema, "", t) as object), _extra: 1, colour: "ignored" })),
  );
  for (const { path, schema: field, required } of pathsOf(schema)) {
    const at = path.join(".");
    // Only a create must refuse a missing required field: updates are partial (PATCH {} is a no-op).
    if (required) out.push(v(`missing ${at}`, method === "POST", (t) => setAt(baseline(schema, "", t), path, REMOVE)));
    for (const edge of EDGE_REFUSED)
      out.push(v(`${at} = ${edge.label}`, true, (t) => setAt(baseline(schema, "", t), path, edge.value)));
    for (const any of ANY_VALUES)
      out.push(v(`${at} = ${any.label}`, false, (t) => setAt(baseline(schema, "", t), path, any.value)));
    if (field.maxLength)
      out.push(
        v(`${at} one over maxLength`, true, (t) =>
          setAt(baseline(schema, "", t), path, "z".repeat(field.maxLength! + 1)),
        ),
      );
  }
  return method === "POST" || method === "PATCH" || method === "PUT" ? out : [];
};

const queryVariants = (op: string, method: string, params: Parameter[]): Variant[] => {
  const query = params.filter((p) => p.in === "query");
  if (query.length === 0) return [];
  const write = method !== "GET";
  const required = query.filter((p) => p.required).map((p) => `${p.name}=x`);
  const v = (kind: string, mustRefuse: boolean, qs: string): Variant => ({
    op,
    kind,
    mustRefuse,
    write,
    build: (t) => ({ path: `?${qs}`, headers: authOf(t) }),
  });
  const out: Variant[] = [];
  for (const p of query) {
    const rest = required.filter((r) => !r.startsWith(`${p.name}=`));
    for (const qv of QUERY_VALUES)
      out.push(v(`?${p.name} ${qv.label}`, qv.refused, [...rest, `${p.name}=${qv.raw}`].join("&")));
    out.push(v(`?${p.name}[] NUL`, true, [...rest, `${p.name}[]=a`, `${p.name}[]=%00`].join("&")));
    out.push(v(`?${p.name}[a] nested`, false, [...rest, `${p.name}[a]=1`].join("&")));
    out.push(v(`?${p.name} repeated`, false, [...rest, `${p.name}=a`, `${p.name}=b`, `${p.name}=c`].join("&")));
    if (p.required) out.push(v(`?${p.name} missing`, true, rest.join("&")));
  }
  // Refused by our parser, but Next itself drops `__proto__` from a query string before a route sees it:
  // so not a must-refuse (a DELETE with only that defect deletes).
  for (const key of ["__proto__=1", "constructor[]=x", "prototype=%7B%7D"])
    out.push(v(`?${key} prototype key`, false, [...required, key].join("&")));
  out.push(v("? 500 parameters", false, Array.from({ length: 500 }, (_, i) => `p${i}=${i}`).join("&")));
  return write ? out.filter((x) => x.mustRefuse) : out;
};

const BAD_IDS = [
  "%00",
  "nope",
  "x".repeat(3000),
  "grp_1111111111111111",
  "post_1111111111111111",
  "..%2F..%2Fapi_keys",
  "%2e%2e",
  "%E2%80%AE",
  "-1",
  "0",
  "%25",
  "post_%00",
  "%C0%AE%C0%AE",
  "%F0%9F%92%A9",
  "%zz",
  "%",
];

const AUTH_VARIANTS: [string, (t: Target) => Record<string, string>][] = [
  ["no auth", () => ({})],
  ["unknown bearer", () => ({ authorization: "Bearer sk_live_nope_nope_nope_nope" })],
  ["basic auth", () => ({ authorization: "Basic Zm9vOmJhcg==" })],
  ["bearer with suffix", (t) => ({ authorization: `Bearer ${t.token}x` })],
  ["bearer twice", (t) => ({ authorization: `Bearer ${t.token} ${t.token}` })],
  ["malformed session cookie", () => ({ cookie: "next-auth.session-token=%zz; a=%" })],
  ["session cookie from Origin null", () => ({ cookie: "next-auth.session-token=abc.def", origin: "null" })],
  ["session cookie from a bad origin", () => ({ cookie: "next-auth.session-token=abc.def", origin: "http://[::1" })],
];

// Every request of the campaign, shuffled deterministically; at least `minimum` of them.
export const generate = (
  doc: OpenApi,
  targets: { A: Target; B: Target[] },
  { seed, minimum }: { seed: number; minimum: number },
): BadRequest[] => {
  const random = prng(seed);
  const variants: (Variant & { method: string; template: string })[] = [];
  const methodsByPath = new Map<string, Set<string>>();
  for (const [template, ops] of Object.entries(doc.paths)) {
    for (const [lower, operation] of Object.entries(ops)) {
      const method = lower.toUpperCase();
      methodsByPath.set(template, (methodsByPath.get(template) ?? new Set()).add(method));
      const op = `${method} ${template}`;
      const write = method !== "GET";
      const isSetup = template === "/api/setup"; // a may-accept body here would create the owner
      const own: Variant[] = [];
      if (operation.security?.length)
        for (const [kind, headers] of AUTH_VARIANTS)
          own.push({
            op,
            kind,
            mustRefuse: true,
            write,
            build: (t) => ({
              path: "",
              headers: { ...headers(t), ...JSON_HEADERS },
              body: write ? Buffer.from("{}") : undefined,
            }),
          });
      if (template.includes("{id}"))
        for (const id of BAD_IDS)
          own.push({
            op,
            kind: `id ${id.slice(0, 20)}`,
            mustRefuse: true,
            write,
            build: (t) => ({
              path: `@id:${id}`,
              headers: { ...authOf(t), ...JSON_HEADERS },
              body: write ? Buffer.from("{}") : undefined,
            }),
          });
      own.push(...queryVariants(op, method, operation.parameters ?? []));
      const json = operation.requestBody?.content["application/json"]?.schema;
      if (json) own.push(...jsonBodyVariants(op, method, resolve(doc, json)));
      if (operation.requestBody?.content["multipart/form-data"]) own.push(...multipartVariants(op));
      for (const variant of own)
        if (!(isSetup && !variant.mustRefuse) && !(method === "DELETE" && !variant.mustRefuse))
          variants.push({ ...variant, method, template });
    }
  }
  for (const [template, methods] of methodsByPath) {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "PROPFIND", "TRACE"].filter(
      (m) => !methods.has(m),
    )) {
      variants.push({
        op: `${method} ${template}`,
        kind: "wrong method",
        mustRefuse: true,
        write: method !== "GET",
        method,
        template,
        build: (t) => ({ path: "", headers: { ...authOf(t), ...JSON_HEADERS }, body: Buffer.from("{}") }),
      });
    }
  }
  for (const odd of ODD_PATHS)
    variants.push({
      op: `GET ${odd}`,
      kind: "odd path",
      mustRefuse: false,
      write: false,
      method: "GET",
      template: odd,
      build: (t) => ({ path: "", headers: authOf(t) }),
    });

  const order = shuffle(variants, random);
  const requests: BadRequest[] = [];
  for (let n = 0; requests.length < Math.max(minimum, order.length); n++) {
    const variant = order[n % order.length]!;
    const b = Math.floor(random() * targets.B.length);
    const tenant = variant.write ? (variant.mustRefuse ? "A" : `B${b}`) : random() < 0.5 ? "A" : `B${b}`;
    const t = tenant === "A" ? targets.A : targets.B[b]!;
    const built = variant.build(t);
    const idOverride = built.path.startsWith("@id:") ? built.path.slice(4) : undefined;
    const base = ODD_PATHS.includes(variant.template) ? variant.template : fillPath(variant.template, t, idOverride);
    const path = idOverride ? base : `${base}${built.path}`;
    requests.push({
      ...built,
      path,
      n: requests.length,
      op: variant.op,
      kind: variant.kind,
      method: variant.method,
      tenant,
      mustRefuse: variant.mustRefuse && variant.write,
    });
  }
  return requests;
};

const resolve = (doc: OpenApi, schema: Schema): Schema =>
  schema.$ref ? (doc.components?.schemas?.[schema.$ref.split("/").at(-1)!] ?? schema) : schema;

const shuffle = <T>(items: T[], random: () => number): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

const ODD_PATHS = [
  "/api/posts/%zz",
  "/api/%",
  "/api/%E0%A4%A",
  "/api//posts",
  "/api/posts/../profile_groups",
  "/api/posts/%2e%2e/%2e%2e/etc/passwd",
  `/api/posts/${"a".repeat(6000)}`,
  "/api/posts;x=1",
  "/api/posts/%00",
  "/api/%F0%9F%92%A9",
  "/api/posts?%zz=1",
  "/api/posts/%C0%AE%C0%AE/",
  "/api/posts/./stats",
  "/api/PROFILE_GROUPS",
  "/api/profile_groups/",
  "/api/profile_groups//",
  "/api/unknown/deeper/path",
  "/api/openapi.json/extra",
  "/api/inngest?fnId=%00",
  "/media/%00",
  "/media/..%2F..%2Fetc%2Fpasswd",
  "/media/m/%zz",
  "/login?callbackUrl=%zz",
  "/posts/%zz",
  "/connect/%zz/callback?code=%00&state=%zz",
];

export { Bytes, Raw };
