import { z } from "zod";

// The send body's `interactive`, `contacts` and `template.components` in the Cloud API's own shapes
// (Business Messaging OpenAPI v23.0, "Messages"), checked before anything is stored so a malformed one
// is a 422 naming the problem instead of a message.failed later. Only what Meta requires and limits is
// checked here; anything else passes through to the network unchanged.

const ZText = z.object({ text: z.string().min(1) }).loose();
const ZReplyButton = z
  .object({
    type: z.literal("reply", { error: "interactive reply buttons have type reply" }),
    reply: z.object({
      id: z.string().min(1).max(256),
      title: z.string().min(1).max(20, "interactive button titles: at most 20 characters"),
    }),
  })
  .loose();
const ZRow = z
  .object({
    id: z.string().min(1).max(200),
    title: z.string().min(1).max(24),
    description: z.string().max(72).optional(),
  })
  .loose();

const ZInteractive = z.discriminatedUnion(
  "type",
  [
    z
      .object({
        type: z.literal("button"),
        body: ZText,
        action: z
          .object({ buttons: z.array(ZReplyButton).min(1).max(3, "interactive: at most 3 reply buttons") })
          .loose(),
      })
      .loose(),
    z
      .object({
        type: z.literal("list"),
        body: ZText,
        action: z
          .object({
            button: z.string().min(1).max(20),
            sections: z
              .array(z.object({ title: z.string().max(24).optional(), rows: z.array(ZRow).min(1) }).loose())
              .min(1)
              .max(10)
              .refine((s) => s.reduce((n, x) => n + x.rows.length, 0) <= 10, "interactive lists: at most 10 rows"),
          })
          .loose(),
      })
      .loose(),
    z
      .object({
        type: z.literal("cta_url"),
        body: ZText,
        action: z
          .object({
            name: z.literal("cta_url"),
            parameters: z.object({ display_text: z.string().min(1).max(20), url: z.url() }),
          })
          .loose(),
      })
      .loose(),
    z.object({ type: z.enum(["product", "product_list", "flow", "location_request_message"]) }).loose(),
  ],
  { error: "interactive.type must be button, list, cta_url, product, product_list, flow or location_request_message" },
);

const ZContact = z
  .object({
    name: z
      .object({ formatted_name: z.string().min(1) }, { error: "contacts[].name.formatted_name is required" })
      .loose(),
    phones: z
      .array(z.object({ phone: z.string().optional(), type: z.string().optional(), wa_id: z.string().optional() }))
      .optional(),
  })
  .loose();

const ZComponent = z
  .object({
    type: z.enum(["header", "body", "footer", "button"], {
      error: "template component type must be header, body, footer or button",
    }),
    parameters: z
      .array(
        z
          .object({
            type: z.enum(["text", "currency", "date_time", "image", "document", "video", "payload", "location"], {
              error: "template parameter type is not one Meta knows",
            }),
          })
          .loose(),
      )
      .optional(),
  })
  .loose();

const firstIssue = (where: string, result: z.ZodSafeParseResult<unknown>) =>
  result.success
    ? []
    : [
        `${where}${result.error.issues[0]!.path.length ? "." + result.error.issues[0]!.path.join(".") : ""}: ${result.error.issues[0]!.message}`,
      ];

export const payloadProblems = (request: {
  interactive?: Record<string, unknown>;
  contacts?: Record<string, unknown>[];
  template?: { components?: Record<string, unknown>[] };
}): string[] => [
  ...(request.interactive ? firstIssue("interactive", ZInteractive.safeParse(request.interactive)) : []),
  ...(request.contacts ? firstIssue("contacts", z.array(ZContact).safeParse(request.contacts)) : []),
  ...(request.template?.components
    ? firstIssue("template.components", z.array(ZComponent).safeParse(request.template.components))
    : []),
];
