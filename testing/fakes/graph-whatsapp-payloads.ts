// The message objects of Meta's Cloud API (Business Messaging OpenAPI v23.0, "Messages"), checked the
// way the network checks them: required keys, no unknown keys, known enum values, the documented limits
// (3 reply buttons, 10 list rows, 20-character button titles). Answers the problem, or null when valid.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const isText = (v: unknown) => typeof v === "string" && v.length > 0;

const keysProblem = (where: string, value: unknown, allowed: string[], required: string[] = []): string | null => {
  if (!isObject(value)) return `${where} must be an object`;
  const unknown = Object.keys(value).find((k) => !allowed.includes(k));
  if (unknown) return `${where}['${unknown}'] is not a valid parameter`;
  const missing = required.find((k) => value[k] === undefined);
  return missing ? `${where}['${missing}'] is required` : null;
};
const first = (...problems: (string | null | undefined)[]) => problems.find((p) => p) ?? null;

const media = (type: string, p: unknown) => {
  const allowed =
    { image: ["id", "link", "caption"], video: ["id", "link", "caption"], sticker: ["id", "link"] }[type] ??
    (type === "audio" ? ["id", "link", "voice"] : ["id", "link", "caption", "filename"]);
  const base = keysProblem(type, p, allowed);
  if (base) return base;
  const m = p as Json;
  if ((m.id === undefined) === (m.link === undefined)) return `${type} needs exactly one of id or link`;
  if (m.voice !== undefined && typeof m.voice !== "boolean") return "audio['voice'] must be a boolean";
  return null;
};

const PARAMETER_TYPES = ["text", "currency", "date_time", "image", "document", "video", "payload", "location"];
const parameter = (where: string, p: unknown): string | null => {
  const base = keysProblem(where, p, ["type", ...PARAMETER_TYPES, "parameter_name"], ["type"]);
  if (base) return base;
  const value = p as Json;
  if (!PARAMETER_TYPES.includes(String(value.type))) return `${where}['type'] must be one of {${PARAMETER_TYPES}}`;
  if (value[String(value.type)] === undefined) return `${where}['${String(value.type)}'] is required`;
  return null;
};
const COMPONENT_TYPES = ["header", "body", "footer", "button"];
const BUTTON_SUB_TYPES = ["quick_reply", "url", "copy_code", "flow", "catalog", "voice_call"];
const template = (p: unknown) => {
  const base = keysProblem("template", p, ["name", "language", "components", "namespace"], ["name", "language"]);
  if (base) return base;
  const t = p as Json;
  const language = keysProblem("template['language']", t.language, ["code", "policy"], ["code"]);
  if (language) return language;
  if (t.components === undefined) return null;
  if (!Array.isArray(t.components)) return "template['components'] must be an array";
  for (const [i, c] of t.components.entries()) {
    const where = `template['components'][${i}]`;
    const problem = keysProblem(where, c, ["type", "sub_type", "index", "parameters"], ["type"]);
    if (problem) return problem;
    const component = c as Json;
    if (!COMPONENT_TYPES.includes(String(component.type)))
      return `${where}['type'] must be one of {${COMPONENT_TYPES}}`;
    if (component.type === "button" && !BUTTON_SUB_TYPES.includes(String(component.sub_type)))
      return `${where}['sub_type'] must be one of {${BUTTON_SUB_TYPES}}`;
    const params = component.parameters;
    if (params !== undefined && !Array.isArray(params)) return `${where}['parameters'] must be an array`;
    for (const [j, param] of (params ?? []).entries()) {
      const problem = parameter(`${where}['parameters'][${j}]`, param);
      if (problem) return problem;
    }
  }
  return null;
};

const INTERACTIVE_TYPES = ["button", "list", "cta_url", "product", "product_list", "flow", "location_request_message"];
const buttonAction = (action: Json) => {
  const buttons = action.buttons;
  if (!Array.isArray(buttons) || buttons.length < 1 || buttons.length > 3)
    return "interactive['action']['buttons'] must hold 1 to 3 buttons";
  for (const [i, b] of buttons.entries()) {
    const where = `interactive['action']['buttons'][${i}]`;
    const problem = first(
      keysProblem(where, b, ["type", "reply"], ["type", "reply"]),
      (b as Json).type === "reply" ? null : `${where}['type'] must be reply`,
      keysProblem(`${where}['reply']`, (b as Json).reply, ["id", "title"], ["id", "title"]),
    );
    if (problem) return problem;
    const title = ((b as Json).reply as Json).title;
    if (!isText(title) || String(title).length > 20) return `${where}['reply']['title'] must be 1 to 20 characters`;
  }
  return null;
};
const listAction = (action: Json) => {
  if (!isText(action.button)) return "interactive['action']['button'] is required";
  const sections = action.sections;
  if (!Array.isArray(sections) || sections.length < 1 || sections.length > 10)
    return "interactive['action']['sections'] must hold 1 to 10 sections";
  let rows = 0;
  for (const [i, s] of sections.entries()) {
    const where = `interactive['action']['sections'][${i}]`;
    const problem = keysProblem(where, s, ["title", "rows", "product_items"], ["rows"]);
    if (problem) return problem;
    for (const [j, r] of ((s as Json).rows as unknown[]).entries()) {
      const rowProblem = keysProblem(`${where}['rows'][${j}]`, r, ["id", "title", "description"], ["id", "title"]);
      if (rowProblem) return rowProblem;
      rows += 1;
    }
  }
  return rows > 10 ? "interactive list messages take at most 10 rows" : null;
};
const ctaAction = (action: Json) =>
  first(
    action.name === "cta_url" ? null : "interactive['action']['name'] must be cta_url",
    keysProblem(
      "interactive['action']['parameters']",
      action.parameters,
      ["display_text", "url"],
      ["display_text", "url"],
    ),
  );
const interactive = (p: unknown) => {
  const base = keysProblem("interactive", p, ["type", "header", "body", "footer", "action"], ["type", "action"]);
  if (base) return base;
  const i = p as Json;
  if (!INTERACTIVE_TYPES.includes(String(i.type))) return `interactive['type'] must be one of {${INTERACTIVE_TYPES}}`;
  if (i.body !== undefined) {
    const body = keysProblem("interactive['body']", i.body, ["text"], ["text"]);
    if (body) return body;
  } else if (["button", "list", "cta_url"].includes(String(i.type))) return "interactive['body'] is required";
  if (!isObject(i.action)) return "interactive['action'] must be an object";
  if (i.type === "button") return buttonAction(i.action);
  if (i.type === "list") return listAction(i.action);
  if (i.type === "cta_url") return ctaAction(i.action);
  return null;
};

const location = (p: unknown) => {
  const base = keysProblem("location", p, ["latitude", "longitude", "name", "address"], ["latitude", "longitude"]);
  if (base) return base;
  const l = p as Json;
  return typeof l.latitude === "number" && typeof l.longitude === "number"
    ? null
    : "location['latitude'] and ['longitude'] must be numbers";
};

const CONTACT_KEYS = ["addresses", "birthday", "emails", "name", "org", "phones", "urls"];
const contacts = (p: unknown) => {
  if (!Array.isArray(p) || p.length === 0) return "contacts must be a non-empty array";
  for (const [i, c] of p.entries()) {
    const where = `contacts[${i}]`;
    const problem = first(
      keysProblem(where, c, CONTACT_KEYS, ["name"]),
      keysProblem(
        `${where}['name']`,
        (c as Json).name,
        ["formatted_name", "first_name", "last_name", "middle_name", "suffix", "prefix"],
        ["formatted_name"],
      ),
    );
    if (problem) return problem;
    for (const [j, phone] of (((c as Json).phones as unknown[]) ?? []).entries()) {
      const phoneProblem = keysProblem(`${where}['phones'][${j}]`, phone, ["phone", "type", "wa_id"]);
      if (phoneProblem) return phoneProblem;
    }
  }
  return null;
};

export const payloadProblem = (type: string, payload: unknown): string | null => {
  switch (type) {
    case "text":
      return first(
        keysProblem("text", payload, ["body", "preview_url"], ["body"]),
        isObject(payload) && payload.preview_url !== undefined && typeof payload.preview_url !== "boolean"
          ? "text['preview_url'] must be a boolean"
          : null,
      );
    case "image":
    case "video":
    case "audio":
    case "document":
    case "sticker":
      return media(type, payload);
    case "template":
      return template(payload);
    case "interactive":
      return interactive(payload);
    case "location":
      return location(payload);
    case "contacts":
      return contacts(payload);
    case "reaction":
      return first(
        keysProblem("reaction", payload, ["message_id", "emoji"], ["message_id", "emoji"]),
        isObject(payload) && !String(payload.message_id).startsWith("wamid.")
          ? "reaction['message_id'] must be a message id (wamid.…)"
          : null,
        isObject(payload) && typeof payload.emoji !== "string" ? "reaction['emoji'] must be a string" : null,
      );
    case "typing_indicator":
      return first(
        keysProblem("typing_indicator", payload, ["type"], ["type"]),
        isObject(payload) && payload.type !== "text" ? "typing_indicator['type'] must be one of {text}" : null,
      );
    default:
      return `Unknown type ${type}`;
  }
};
