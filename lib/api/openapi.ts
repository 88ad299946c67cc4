import { z } from "zod";
import type { EndpointDef } from "@/lib/contracts/define";
import { eventEnvelopeSchema } from "@/lib/schemas/events";
import { EVENT_TYPES } from "@/lib/schemas/webhooks";

type JsonSchema = Record<string, unknown>;

// Builds an OpenAPI 3.1 document from the endpoint contracts. Schemas carrying `.meta({id})` become
// shared components; request schemas are rendered on their input side (what clients send).
export const buildOpenApi = ({ endpoints, serverUrl }: { endpoints: EndpointDef[]; serverUrl?: string }) => {
  const components: Record<string, JsonSchema> = {};
  const render = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
    const out = z.toJSONSchema(schema, { io, unrepresentable: "any", reused: "inline" }) as JsonSchema;
    const {
      $defs,
      $schema: _ignored,
      ...rest
    } = JSON.parse(JSON.stringify(out).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
    Object.assign(components, $defs);
    // A schema with `.meta({id})` comes back as a $ref to its own $defs entry (already collected above).
    if (typeof rest.$ref === "string") return { $ref: rest.$ref };
    const id = z.globalRegistry.get(schema)?.id;
    if (id) {
      components[id] = rest;
      return { $ref: `#/components/schemas/${id}` };
    }
    return rest;
  };

  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const parameters = [
      ...objectFields(e.params).map(([name, s]) => ({ name, in: "path", required: true, schema: render(s, "input") })),
      ...objectFields(e.query).map(([name, s]) => ({
        name,
        in: "query",
        required: !s.safeParse(undefined).success,
        schema: render(s, "input"),
      })),
      ...(e.idempotent
        ? [{ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", maxLength: 255 } }]
        : []),
    ];
    const bodySchema = e.docBody ?? e.body;
    paths[e.path] ??= {};
    paths[e.path]![e.method.toLowerCase()] = {
      operationId: e.operationId,
      tags: [e.tag],
      summary: e.summary,
      ...(e.description && { description: e.description }),
      security:
        e.auth === "none"
          ? []
          : e.auth === "session"
            ? [{ staffSession: [] }]
            : [{ bearerAuth: [] }, { staffSession: [] }],
      ...(parameters.length > 0 && { parameters }),
      ...(bodySchema && {
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: render(bodySchema, "input") },
            ...(e.multipart && {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  description:
                    "Rails bracket fields: post[body], profiles[], media[] (URLs or files), platforms[<network>][<key>], thread[<i>][body]",
                },
              },
            }),
          },
        },
      }),
      responses: Object.fromEntries(
        Object.entries(e.responses).map(([status, r]) => [
          status,
          {
            description: r.description,
            ...(r.schema && { content: { "application/json": { schema: render(r.schema, "output") } } }),
          },
        ]),
      ),
    };
  }

  // Webhook deliveries: one entry per event type, its envelope with the payload schema the emitters are
  // checked against (lib/schemas/events.ts).
  const webhooks = Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `event_${type.replaceAll(".", "_")}`,
          tags: ["Webhook events"],
          summary: `The ${type} event`,
          description:
            "POSTed to each enabled webhook subscribed to it, signed in the `X-Service-Signature` header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of t.body>`).",
          requestBody: {
            required: true,
            content: { "application/json": { schema: render(eventEnvelopeSchema(type), "output") } },
          },
          responses: { "2XX": { description: "Received (any other answer is retried)" } },
        },
      },
    ]),
  );

  return {
    openapi: "3.1.0",
    info: {
      title: "Social publishing API",
      version: "1.0.0",
      description: "Every path starts with /api. Authenticate with `Authorization: Bearer <API_KEY>`.",
    },
    ...(serverUrl && { servers: [{ url: serverUrl }] }),
    paths,
    webhooks,
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "Account-wide or profile-group-scoped API key" },
        staffSession: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description: "Admin app session",
        },
      },
    },
  };
};

const objectFields = (schema: z.ZodType | undefined): [string, z.ZodType][] =>
  schema instanceof z.ZodObject ? Object.entries(schema.shape as Record<string, z.ZodType>) : [];
