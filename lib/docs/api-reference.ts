import { z } from "zod";
import { buildOpenApi } from "@/lib/api/openapi";
import type { EndpointDef } from "@/lib/contracts/define";

// Turns the generated OpenAPI document (plus the contracts it came from) into a plain view model for the
// human-readable reference at /docs. Pure: no server imports, so it can run at build time.

type JsonSchema = Record<string, unknown>;

export type FieldRow = { name: string; type: string; isRequired: boolean; notes: string[] };
export type ParameterRow = { name: string; in: string; type: string; isRequired: boolean; notes: string[] };
export type ResponseRow = { status: string; description: string; type: string | null; fields: FieldRow[] };
export type Operation = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  auth: string;
  parameters: ParameterRow[];
  body: { type: string; variants: { label: string; fields: FieldRow[] }[] } | null;
  responses: ResponseRow[];
};
export type TagGroup = { tag: string; slug: string; operations: Operation[] };
export type SchemaDoc = { name: string; description: string | null; fields: FieldRow[] };
export type EventDoc = { type: string; payload: string | null };
export type ApiReference = {
  title: string;
  version: string;
  description: string;
  tags: TagGroup[];
  schemas: SchemaDoc[];
  // Webhook events: each type with the schema of its `data` (the document's `webhooks`).
  events: EventDoc[];
};

const REF_PREFIX = "#/components/schemas/";

export const slugify = (value: string): string =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/(^-|-$)/g, "");

const authLabel = (e: EndpointDef): string => {
  if (e.auth === "none") return "None (public)";
  if (e.auth === "session") return "Staff session (admin app only)";
  return e.access === "account"
    ? "API key: account-wide keys only (scoped keys get 422)"
    : "API key: account-wide or scoped";
};

export const buildApiReference = (endpoints: EndpointDef[]): ApiReference => {
  const doc = buildOpenApi({ endpoints });
  const components = withZodDefinitions(doc.components.schemas, endpoints);
  const resolve = (schema: JsonSchema): JsonSchema => {
    const ref = refName(schema);
    return ref && components[ref] ? components[ref]! : schema;
  };

  const typeOf = (s: JsonSchema | undefined): string => {
    if (!s) return "any";
    const ref = refName(s);
    if (ref) return ref;
    if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
    if ("const" in s) return JSON.stringify(s.const);
    const union = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
    if (Array.isArray(union)) return union.map((u) => typeOf(u)).join(" | ");
    if (s.type === "array") return `${typeOf(s.items as JsonSchema | undefined)}[]`;
    if (s.type === "object" && s.properties) return "object";
    if (typeof s.type === "string") return s.format ? `${s.type} (${String(s.format)})` : s.type;
    if (Array.isArray(s.type)) return s.type.join(" | ");
    return "any";
  };

  // Object properties as rows; nested inline objects become dotted names (profile_group.name).
  const fieldsOf = (schema: JsonSchema | undefined, prefix = ""): FieldRow[] => {
    if (!schema) return [];
    const s = resolve(schema);
    const props = s.properties as Record<string, JsonSchema> | undefined;
    if (!props) return [];
    const required = new Set((s.required as string[] | undefined) ?? []);
    return Object.entries(props).flatMap(([key, prop]) => {
      const name = prefix + key;
      const row: FieldRow = { name, type: typeOf(prop), isRequired: required.has(key), notes: notesOf(prop) };
      return prop.type === "object" && prop.properties && !refName(prop) ? [row, ...fieldsOf(prop, `${name}.`)] : [row];
    });
  };

  const groups = new Map<string, Operation[]>();
  for (const e of endpoints) {
    const op = (doc.paths[e.path]?.[e.method.toLowerCase()] ?? {}) as {
      parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
      requestBody?: { content: { "application/json": { schema: JsonSchema } } };
      responses?: Record<string, { description: string; content?: { "application/json": { schema: JsonSchema } } }>;
    };
    const bodySchema = op.requestBody?.content["application/json"].schema;
    const variants = bodySchema ? ((bodySchema.anyOf ?? bodySchema.oneOf) as JsonSchema[] | undefined) : undefined;
    const operation: Operation = {
      id: e.operationId,
      method: e.method,
      path: e.path,
      summary: e.summary,
      description: e.description ?? null,
      auth: authLabel(e),
      parameters: (op.parameters ?? []).map((p) => ({
        name: p.name,
        in: p.in,
        type: typeOf(p.schema),
        isRequired: !!p.required,
        notes:
          p.name === "Idempotency-Key"
            ? ["retries with the same key return the first response", ...notesOf(p.schema)]
            : notesOf(p.schema),
      })),
      body: bodySchema
        ? {
            type: typeOf(bodySchema),
            variants: variants
              ? variants.map((v, i) => ({ label: `Shape ${i + 1}`, fields: fieldsOf(v) }))
              : [{ label: "Fields", fields: fieldsOf(bodySchema) }],
          }
        : null,
      responses: Object.entries(op.responses ?? {}).map(([status, r]) => {
        const schema = r.content?.["application/json"].schema;
        return {
          status,
          description: r.description,
          type: schema ? typeOf(schema) : null,
          fields: schema && !refName(schema) ? fieldsOf(schema) : [],
        };
      }),
    };
    groups.set(e.tag, [...(groups.get(e.tag) ?? []), operation]);
  }

  return {
    title: doc.info.title,
    version: doc.info.version,
    description: doc.info.description,
    // Public API groups first (in contract order), then admin-only and meta groups; within a group by
    // path, then GET, POST, PUT, PATCH, DELETE.
    tags: [...groups]
      .map(([tag, operations]) => ({ tag, slug: slugify(tag), operations: operations.sort(byPathThenMethod) }))
      .sort((a, b) => Number(!isPublicGroup(a, endpoints)) - Number(!isPublicGroup(b, endpoints))),
    events: Object.entries(
      (
        doc as {
          webhooks?: Record<string, { post: { requestBody: { content: Record<string, { schema: JsonSchema }> } } }>;
        }
      ).webhooks ?? {},
    ).map(([type, w]) => {
      const envelope = w.post.requestBody.content["application/json"]?.schema;
      const data = (envelope?.properties as Record<string, JsonSchema> | undefined)?.data;
      return { type, payload: data ? refName(data) : null };
    }),
    schemas: Object.entries(components)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, s]) => ({
        name,
        description: typeof s.description === "string" ? s.description : null,
        fields: fieldsOf(s),
      })),
  };
};

const METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const byPathThenMethod = (a: Operation, b: Operation): number =>
  a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method);

const isPublicGroup = (group: { tag: string }, endpoints: EndpointDef[]): boolean =>
  endpoints.some((e) => e.tag === group.tag && e.auth === "apiKey");

const refName = (s: JsonSchema): string | null =>
  typeof s.$ref === "string" && s.$ref.startsWith(REF_PREFIX) ? s.$ref.slice(REF_PREFIX.length) : null;

// Named schemas straight from zod. They stand in for any component the document gives only as a
// reference to itself (so every named schema has a real definition to show).
const withZodDefinitions = (
  components: Record<string, JsonSchema>,
  endpoints: EndpointDef[],
): Record<string, JsonSchema> => {
  const out: Record<string, JsonSchema> = {};
  const fromZod: Record<string, JsonSchema> = {};
  for (const e of endpoints) {
    for (const schema of Object.values(e.responses).map((r) => r.schema)) {
      if (!schema) continue;
      const json = z.toJSONSchema(schema, { io: "output", unrepresentable: "any", reused: "inline" }) as JsonSchema;
      const defs = JSON.parse(JSON.stringify(json.$defs ?? {}).replaceAll('"#/$defs/', `"${REF_PREFIX}`)) as Record<
        string,
        JsonSchema
      >;
      Object.assign(fromZod, defs);
    }
  }
  for (const [name, schema] of Object.entries(components)) {
    out[name] = refName(schema) === name ? (fromZod[name] ?? { type: "object" }) : schema;
  }
  return out;
};

const SAFE_INT = Number.MAX_SAFE_INTEGER;

const notesOf = (s: JsonSchema | undefined): string[] => {
  if (!s) return [];
  const notes: string[] = [];
  if (typeof s.description === "string") notes.push(s.description);
  const min = s.minLength as number | undefined;
  const max = s.maxLength as number | undefined;
  if (min !== undefined && max !== undefined) notes.push(`${min}–${max} characters`);
  else if (min !== undefined) notes.push(`at least ${min} character${min === 1 ? "" : "s"}`);
  else if (max !== undefined) notes.push(`at most ${max} characters`);
  if (typeof s.minimum === "number" && Math.abs(s.minimum) < SAFE_INT) notes.push(`minimum ${s.minimum}`);
  if (typeof s.maximum === "number" && Math.abs(s.maximum) < SAFE_INT) notes.push(`maximum ${s.maximum}`);
  if (typeof s.pattern === "string" && !s.format) notes.push(`pattern ${s.pattern}`);
  if (s.default !== undefined) notes.push(`default ${JSON.stringify(s.default)}`);
  return notes;
};
