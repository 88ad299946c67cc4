import { metaJson, signMeta, type MetaDelivery } from "./meta-webhooks";

// WhatsApp Cloud API webhook deliveries as Meta sends them (object "whatsapp_business_account", one
// entry per business account, `changes[].field` naming the kind), serialised and signed like every
// Meta delivery (X-Hub-Signature-256 over the exact bytes, with the app secret).

export const whatsappChange = (wabaId: string, field: string, value: Record<string, unknown>) =>
  metaJson({ object: "whatsapp_business_account", entry: [{ id: wabaId, changes: [{ field, value }] }] });

export const whatsappDelivery = (
  appSecret: string,
  wabaId: string,
  field: string,
  value: Record<string, unknown>,
): MetaDelivery => signMeta(appSecret, whatsappChange(wabaId, field, value));

// The `messages` field's value for one number.
export const numberValue = (phoneNumberId: string, display: string, value: Record<string, unknown>) => ({
  messaging_product: "whatsapp",
  metadata: { display_phone_number: display.replace(/\D/g, ""), phone_number_id: phoneNumberId },
  ...value,
});
