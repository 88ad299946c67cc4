import { z } from "zod";
import { CREDENTIAL_FIELDS } from "@/lib/networks/platforms";
import type { TPlatform } from "@/lib/schemas/common";

// The networks whose Connect opens a form instead of going straight to the network: bluesky and
// telegram connect with credentials typed here (the schemas the server validates them with);
// twitter and whatsapp take optional extras, then redirect to the network's consent page.

type TTextField = {
  kind: "text";
  name: string;
  label: string;
  type?: "text" | "password";
  placeholder?: string;
  hint?: string;
  autoComplete?: string;
};
type TChoiceField = {
  kind: "choice";
  name: string;
  label: string;
  options: { value: string; label: string; hint: string }[];
};
export type TConnectField = TTextField | TChoiceField;

export type TConnectFormSpec = {
  // credentials: connected at once; oauth: the values go along with redirect_url, then the redirect.
  method: "credentials" | "oauth";
  intro: string;
  fields: TConnectField[];
  // Form values in, the fields to send out: empty strings are left out of the request.
  schema: z.ZodType<Record<string, string>, Record<string, string>>;
};

const ZFormValues = z.record(z.string(), z.string());

// The server's own field schema (lib/networks/platforms.ts): same rules, same messages. It is typed for
// request bodies (input `unknown`); here it only ever parses the form's string values.
const credentialsSchema = (platform: TPlatform) => {
  const fields = CREDENTIAL_FIELDS[platform];
  if (!fields) throw new Error(`${platform} has no credential fields`);
  return fields as z.ZodType<Record<string, string>, Record<string, string>>;
};

// The account's own X developer app (optional): both keys or neither.
const ZTwitterKeys = z
  .object({ client_id: z.string().trim(), client_secret: z.string().trim() })
  .superRefine(({ client_id, client_secret }, ctx) => {
    if (client_id && !client_secret)
      ctx.addIssue({
        code: "custom",
        path: ["client_secret"],
        message: "Enter the client secret too, or leave both keys empty",
      });
    if (client_secret && !client_id)
      ctx.addIssue({
        code: "custom",
        path: ["client_id"],
        message: "Enter the client ID too, or leave both keys empty",
      });
  });

const ZWhatsappOnboarding = z.object({
  onboarding: z.enum(["", "business_app", "api"], { error: "Choose how to connect" }),
});

export const CONNECT_FORMS: Partial<Record<TPlatform, TConnectFormSpec>> = {
  bluesky: {
    method: "credentials",
    intro: "Bluesky accounts connect with an app password, never the account password.",
    fields: [
      {
        kind: "text",
        name: "identifier",
        label: "Handle or email",
        placeholder: "acme.bsky.social",
        autoComplete: "username",
      },
      {
        kind: "text",
        name: "app_password",
        label: "App password",
        type: "password",
        placeholder: "xxxx-xxxx-xxxx-xxxx",
        hint: "Create one in Bluesky under Settings → Privacy and security → App passwords.",
        autoComplete: "off",
      },
    ],
    schema: credentialsSchema("bluesky"),
  },
  telegram: {
    method: "credentials",
    intro: "Telegram connects a bot; the channels it administers become this profile's placements.",
    fields: [
      {
        kind: "text",
        name: "bot_token",
        label: "Bot token",
        type: "password",
        placeholder: "123456:ABC-DEF…",
        hint: "Create a bot with @BotFather and paste the token it gives you.",
        autoComplete: "off",
      },
    ],
    schema: credentialsSchema("telegram"),
  },
  twitter: {
    method: "oauth",
    intro:
      "You will be sent to X to approve access. Accounts can use their own X developer app instead of this server's.",
    fields: [
      {
        kind: "text",
        name: "client_id",
        label: "Client ID (optional)",
        placeholder: "From your X developer app",
        autoComplete: "off",
      },
      {
        kind: "text",
        name: "client_secret",
        label: "Client secret (optional)",
        type: "password",
        hint: "Leave both empty to use the app configured on this server.",
        autoComplete: "off",
      },
    ],
    schema: ZFormValues.pipe(ZTwitterKeys),
  },
  whatsapp: {
    method: "oauth",
    intro: "You will be sent to Meta to connect a WhatsApp Business account and its phone numbers.",
    fields: [
      {
        kind: "choice",
        name: "onboarding",
        label: "Phone number",
        options: [
          { value: "", label: "Let the user choose", hint: "Meta asks during sign-up." },
          {
            value: "business_app",
            label: "WhatsApp Business app",
            hint: "Keep using the app on the phone alongside the API.",
          },
          { value: "api", label: "Cloud API only", hint: "A number used only through the API." },
        ],
      },
    ],
    schema: ZFormValues.pipe(ZWhatsappOnboarding),
  },
};

export const defaultValuesOf = (spec: TConnectFormSpec): Record<string, string> =>
  Object.fromEntries(spec.fields.map((f) => [f.name, f.kind === "choice" ? (f.options[0]?.value ?? "") : ""]));

// What the picker says under each network's name.
export const connectHint = (platform: TPlatform): string => {
  const spec = CONNECT_FORMS[platform];
  if (spec?.method === "credentials") return spec.fields.map((f) => f.label.toLowerCase()).join(" + ");
  return spec ? "Sign in, with options" : "Sign in on the network";
};
