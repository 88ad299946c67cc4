import { graphError, paged, selectFields, type FakeWaba, type Reply } from "./graph-state";
import type { FakeRequest } from "./graph-oauth";

// WhatsApp Business Account management on the Graph fake, in the shapes of Meta's Business Messaging
// OpenAPI (v23.0): POST /{waba-id}/subscribed_apps (optional override_callback_uri + verify_token), GET
// the subscriptions, POST /{phone-number-id}/register {messaging_product: "whatsapp", pin: 6 digits}
// and GET /{waba-id}/message_templates (fields, limit, after, status). Unknown parameters are refused
// (code 100). A test makes registration fail with `failRegistration(numberId, code, message)`.

export type FakeTemplate = {
  id: string;
  name: string;
  language: string;
  status: "APPROVED" | "PENDING" | "REJECTED" | "PAUSED" | "DISABLED";
  category: "MARKETING" | "UTILITY" | "AUTHENTICATION";
  components: Record<string, unknown>[];
};

const AUTH = ["access_token", "appsecret_proof"];
const invalid = (message: string) => graphError(400, { message: `(#100) ${message}`, code: 100 });
const unknownParam = (params: Record<string, string>, allowed: string[]) =>
  Object.keys(params).find((k) => !allowed.includes(k) && !AUTH.includes(k));

export const createWhatsAppAccounts = () => {
  const subscriptions = new Map<string, { appId: string; override?: string }[]>(); // waba id -> apps
  const registered = new Map<string, string>(); // number id -> pin
  const registrationFailures = new Map<string, { code: number; message: string }>();
  const templates = new Map<string, FakeTemplate[]>(); // waba id -> templates

  const subscribedApps = (waba: FakeWaba, appId: string, req: FakeRequest): Reply => {
    if (req.method === "GET") {
      const apps = subscriptions.get(waba.id) ?? [];
      return { status: 200, body: { data: apps.map((a) => ({ whatsapp_business_api_data: { id: a.appId } })) } };
    }
    if (req.method === "DELETE") {
      subscriptions.set(
        waba.id,
        (subscriptions.get(waba.id) ?? []).filter((a) => a.appId !== appId),
      );
      return { status: 200, body: { success: true } };
    }
    const params = { ...req.query, ...req.form };
    const unknown = unknownParam(params, ["override_callback_uri", "verify_token"]);
    if (unknown) return invalid(`Param ${unknown} is not a valid parameter`);
    if ((params.override_callback_uri === undefined) !== (params.verify_token === undefined))
      return invalid("override_callback_uri and verify_token must be given together");
    const others = (subscriptions.get(waba.id) ?? []).filter((a) => a.appId !== appId);
    subscriptions.set(waba.id, [...others, { appId, override: params.override_callback_uri }]);
    return { status: 200, body: { success: true } };
  };

  const register = (numberId: string, req: FakeRequest): Reply => {
    const unknown = unknownParam(req.form, ["messaging_product", "pin", "data_localization_region"]);
    if (unknown) return invalid(`Param ${unknown} is not a valid parameter`);
    if (req.form.messaging_product !== "whatsapp")
      return invalid("The parameter messaging_product is required and must be whatsapp.");
    if (!/^\d{6}$/.test(req.form.pin ?? "")) return invalid("Param pin must be a 6-digit string");
    const failure = registrationFailures.get(numberId);
    if (failure) return graphError(400, { message: failure.message, code: failure.code });
    registered.set(numberId, req.form.pin!);
    return { status: 200, body: { success: true } };
  };

  const TEMPLATE_FIELDS = "id,name,language,status,category,components";
  const listTemplates = (waba: FakeWaba, req: FakeRequest): Reply => {
    const unknown = unknownParam(req.query, ["fields", "limit", "after", "before", "status", "name", "language"]);
    if (unknown) return invalid(`Param ${unknown} is not a valid parameter`);
    const all = (templates.get(waba.id) ?? []).filter((t) => !req.query.status || t.status === req.query.status);
    return {
      status: 200,
      body: paged(
        all.map((t) => selectFields({ ...t }, req.query.fields, "id,name")),
        req.query,
        req.url,
      ),
    };
  };

  return {
    subscribedApps,
    register,
    listTemplates,
    TEMPLATE_FIELDS,
    subscriptions,
    registered,
    // Registration of this number answers the Graph error (e.g. 133005 two-step PIN mismatch) until cleared.
    failRegistration: (numberId: string, code: number | null, message = "Two step verification PIN Mismatch") =>
      void (code === null
        ? registrationFailures.delete(numberId)
        : registrationFailures.set(numberId, { code, message })),
    setTemplates: (wabaId: string, list: FakeTemplate[]) => void templates.set(wabaId, list),
    templatesOf: (wabaId: string) => templates.get(wabaId) ?? [],
  };
};
