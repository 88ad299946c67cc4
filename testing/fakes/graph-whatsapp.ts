import { randomBytes } from "node:crypto";
import type { FakeRequest } from "./graph-oauth";
import { graphError, type Reply } from "./graph-state";
import { createWhatsAppAccounts } from "./graph-whatsapp-waba";
import { payloadProblem } from "./graph-whatsapp-payloads";

// WhatsApp Cloud API messages on the Graph fake: POST /{phone-number-id}/messages as Meta documents it.
// Unknown top-level fields, types and recipient types are refused (code 100), a payload object must
// match `type`, and a free-form message to a customer outside 24 hours of their last message is refused
// with 131047 (templates go through). Sent messages are kept in `sent`. A read receipt ({messaging_product,
// status: "read", message_id}) takes no other field but typing_indicator ({type: "text"}, the typing
// indicator shown with it), only the status `read`, and answers {success: true}; the ids marked read are
// kept in `reads` (with `typing` when the indicator was asked for). A reaction is a message of type
// reaction {message_id: "wamid…", emoji} (an empty emoji takes it back).

export type WhatsAppSent = {
  phoneNumberId: string;
  to: string;
  type: string;
  payload: unknown;
  id: string;
  context?: unknown;
};

const TOP_LEVEL = new Set([
  "messaging_product",
  "recipient_type",
  "to",
  "type",
  "context",
  "biz_opaque_callback_data",
  "access_token",
  "appsecret_proof",
]);
const RECEIPT = new Set([
  "messaging_product",
  "status",
  "message_id",
  "typing_indicator",
  "access_token",
  "appsecret_proof",
]);
const TYPES = new Set([
  "text",
  "image",
  "video",
  "audio",
  "document",
  "sticker",
  "template",
  "interactive",
  "location",
  "contacts",
  "reaction",
]);

const invalid = (message: string) => graphError(400, { message: `(#100) ${message}`, code: 100 });
const parse = (value: string | undefined): unknown => {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

export const createWhatsAppMessages = () => {
  const sent: WhatsAppSent[] = [];
  const reads: { phoneNumberId: string; messageId: string; typing?: true }[] = [];

  const receipt = (phoneNumberId: string, form: Record<string, string>): Reply => {
    const unknown = Object.keys(form).find((k) => !RECEIPT.has(k));
    if (unknown) return invalid(`Param ${unknown} is not a valid parameter`);
    if (form.messaging_product !== "whatsapp")
      return invalid("The parameter messaging_product is required and must be whatsapp.");
    if (form.status !== "read") return invalid("Param status must be one of {read}");
    if (!form.message_id?.startsWith("wamid.")) return invalid("The parameter message_id is required.");
    if (form.typing_indicator !== undefined) {
      const indicator = parse(form.typing_indicator);
      const problem = payloadProblem("typing_indicator", indicator);
      if (problem) return invalid(`Param ${problem}`);
    }
    reads.push({
      phoneNumberId,
      messageId: form.message_id,
      ...(form.typing_indicator !== undefined && { typing: true }),
    });
    return { status: 200, body: { success: true } };
  };
  const lastInbound = new Map<string, number>(); // customer digits -> ms

  const send = (phoneNumberId: string, req: FakeRequest): Reply => {
    const form = req.form;
    if (form.status !== undefined) return receipt(phoneNumberId, form);
    const unknown = Object.keys(form).find((k) => !TOP_LEVEL.has(k) && !TYPES.has(k));
    if (unknown) return invalid(`Param ${unknown} is not a valid parameter`);
    if (form.messaging_product !== "whatsapp")
      return invalid("The parameter messaging_product is required and must be whatsapp.");
    if (form.recipient_type !== undefined && form.recipient_type !== "individual" && form.recipient_type !== "group")
      return invalid("Param recipient_type must be one of {individual, group}");
    const type = form.type ?? "text";
    if (!TYPES.has(type)) return invalid(`Param type must be one of {${[...TYPES].join(", ")}}`);
    const others = [...TYPES].filter((t) => t !== type && form[t] !== undefined);
    if (form[type] === undefined || others.length)
      return invalid(`Param ${type} is required and no other payload may be given`);
    const to = String(form.to ?? "");
    if (!to) return invalid("The parameter to is required.");
    const payload = parse(form[type]);
    const problem = payloadProblem(type, payload);
    if (problem) return invalid(`Param ${problem}`);
    if (form.recipient_type === "group" && type === "interactive")
      return invalid("Interactive messages are not supported for groups");
    const since = lastInbound.get(to);
    if (type !== "template" && (since === undefined || Date.now() - since > 24 * 3600_000)) {
      return graphError(400, {
        message: "(#131047) Re-engagement message",
        code: 131047,
        error_user_msg:
          "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
      });
    }
    const id = `wamid.${randomBytes(24).toString("base64url")}`;
    sent.push({ phoneNumberId, to, type, payload, id, ...(form.context && { context: parse(form.context) }) });
    return {
      status: 200,
      body: { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to }], messages: [{ id }] },
    };
  };

  return {
    accounts: createWhatsAppAccounts(), // subscribed_apps, register, message_templates
    sent,
    reads,
    send,
    // The customer wrote to the number (opens the 24-hour window on the fake's side).
    customerWrote: (digits: string, at = Date.now()) => void lastInbound.set(digits, at),
  };
};
