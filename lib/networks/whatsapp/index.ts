import { z } from "zod";
import { NetworkError } from "../errors";
import { whatsappMeta } from "./meta";
import type { ConnectorContext, NetworkConnector, ProfileAuth } from "../types";
import { inspectToken } from "../graph/debug-token";
import { mapGraphError } from "../graph/errors";
import { ZTokenAnswer, expiryFrom, graphPaged, graphRequest, graphUrl, requireToken } from "../graph/request";
import { GRAPH_API_VERSION, zAppSettings, zBaseUrl, zRequired } from "../graph/version";
import { whatsappInbound } from "./inbound";
import { whatsappMessaging } from "./messaging";
import { registrationWarnings, whatsappSetup } from "./setup";

// WhatsApp Cloud API (Meta's WhatsApp Business Platform). Embedded Signup runs on the
// Facebook Login for Business dialog with the app's `config_id`; the code becomes a business integration
// token (no refresh token; it usually does not expire, /debug_token says). The connected WhatsApp
// Business Account (WABA) is the profile and its phone numbers are the placements.
//
// Which WABA: the token's `granular_scopes` from /debug_token, whose whatsapp_business_management
// `target_ids` are exactly the accounts shared during this signup (Meta's documented way to get the WABA
// id without the JS SDK's session-info message). Only when the grant is not granular (no target ids) do
// we fall back to /me/businesses -> owned_whatsapp_business_accounts. Each account becomes its own
// profile (spec: several accounts granted at once give one profile each); metadata.granted_waba_ids
// lists all of them.

const ZSettings = z.object({
  ...zAppSettings(GRAPH_API_VERSION),
  config_id: zRequired("config_id"), // the Facebook Login for Business configuration of Embedded Signup
  auth_url: zBaseUrl("https://www.facebook.com"),
  graph_url: zBaseUrl("https://graph.facebook.com"),
  // The two-step verification PIN number registration sets (absent: a random one per registration).
  registration_pin: z
    .string()
    .regex(/^\d{6}$/, "registration_pin must be 6 digits")
    .optional(),
});
type Settings = z.infer<typeof ZSettings>;

export const WHATSAPP_SCOPES = ["whatsapp_business_management", "whatsapp_business_messaging", "business_management"];

// initialize_connection's `onboarding`: business_app (coexistence with the phone app), api (the number is
// claimed for Cloud API only), or omitted (the user picks on Meta's screens).
const ZStartOptions = z.object({
  onboarding: z
    .enum(["business_app", "api"], { error: "onboarding must be business_app or api (or omitted)" })
    .nullish()
    .transform((v) => v ?? undefined),
});

// Embedded Signup `extras`. `featureType: whatsapp_business_app_onboarding` offers the "connect your
// WhatsApp Business app" path next to the Cloud API one; Meta has no switch that forces it, so both
// `business_app` and omitted send it, while `api` leaves it out (the Cloud API flow only).
export const COEXISTENCE_FEATURE = "whatsapp_business_app_onboarding";
export const signupExtras = (onboarding: string | undefined) => ({
  setup: {},
  version: "v4",
  sessionInfoVersion: "3",
  ...(onboarding !== "api" && { featureType: COEXISTENCE_FEATURE }),
});

const ZWaba = z.object({
  id: z.coerce.string(),
  name: z.string(),
  currency: z.string().optional(),
  timezone_id: z.coerce.string().optional(),
  message_template_namespace: z.string().optional(),
});

const ZBusiness = z.object({
  id: z.coerce.string(),
  owned_whatsapp_business_accounts: z.object({ data: z.array(z.object({ id: z.coerce.string() }).loose()) }).optional(),
});

const ZPhoneNumber = z.object({
  id: z.coerce.string(),
  display_phone_number: z.string(),
  verified_name: z.string().optional(),
  quality_rating: z.string().optional(),
  messaging_limit_tier: z.string().optional(),
  name_status: z.string().optional(),
  status: z.string().optional(),
  platform_type: z.string().optional(),
  is_official_business_account: z.boolean().optional(),
  throughput: z.object({ level: z.string() }).loose().optional(),
});

const PHONE_FIELDS =
  "id,display_phone_number,verified_name,quality_rating,messaging_limit_tier,name_status,status,platform_type,is_official_business_account,throughput";

type Ctx = ConnectorContext<Settings>;

const sharedWabaIds = async (ctx: Ctx, token: string): Promise<string[]> => {
  const { granularScopes } = await inspectToken(ctx, whatsappConnector, ctx.settings, token);
  const granted = granularScopes.find((g) => g.scope === "whatsapp_business_management")?.targetIds ?? [];
  if (granted.length > 0) return granted;
  const businesses = await graphPaged(
    ctx,
    whatsappConnector,
    {
      url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, "me/businesses"),
      query: { fields: "id,name,owned_whatsapp_business_accounts{id,name}" },
      token,
      appSecret: ctx.settings.client_secret,
    },
    ZBusiness,
  );
  return businesses.flatMap((b) => b.owned_whatsapp_business_accounts?.data.map((w) => w.id) ?? []);
};

const wabaOf = (auth: ProfileAuth) => {
  if (!auth.externalId) throw new NetworkError("rejected", "The WhatsApp profile has no business account id");
  return auth.externalId;
};

// One shared business account as a profile identity.
const wabaIdentity = async (ctx: Ctx, auth: ProfileAuth, token: string, wabaId: string, granted: string[]) => {
  const waba = await graphRequest(
    ctx,
    whatsappConnector,
    {
      url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, wabaId),
      query: { fields: "id,name,currency,timezone_id,message_template_namespace" },
      token,
      appSecret: ctx.settings.client_secret,
    },
    ZWaba,
  );
  return {
    externalId: waba.id,
    name: waba.name,
    username: null,
    avatarUrl: null,
    connectionExpiresAt: auth.tokens?.expiresAt ?? null, // no refresh: reconnect with refresh_connection
    metadata: {
      granted_waba_ids: granted,
      ...(waba.message_template_namespace && { message_template_namespace: waba.message_template_namespace }),
    },
  };
};

export const whatsappConnector: NetworkConnector<Settings> = {
  platform: "whatsapp",
  displayName: whatsappMeta.displayName,
  settings: ZSettings,
  auth: {
    kind: "oauth",
    startOptions: ZStartOptions,
    authorizeUrl: ({ settings }, start) => {
      const onboarding = typeof start.options.onboarding === "string" ? start.options.onboarding : undefined;
      const url = new URL(graphUrl(settings.auth_url, settings.api_version, "dialog/oauth"));
      url.search = new URLSearchParams({
        client_id: settings.client_id,
        redirect_uri: start.redirectUri,
        state: start.state,
        response_type: "code",
        config_id: settings.config_id,
        override_default_response_type: "true",
        scope: WHATSAPP_SCOPES.join(","),
        extras: JSON.stringify(signupExtras(onboarding)),
      }).toString();
      return url.toString();
    },
    exchangeCode: async (ctx, { code, redirectUri }) => {
      const { settings } = ctx;
      const answer = await graphRequest(
        ctx,
        whatsappConnector,
        {
          url: graphUrl(settings.graph_url, settings.api_version, "oauth/access_token"),
          query: {
            client_id: settings.client_id,
            client_secret: settings.client_secret,
            redirect_uri: redirectUri,
            code,
          },
        },
        ZTokenAnswer,
      );
      const inspection = await inspectToken(ctx, whatsappConnector, settings, answer.access_token);
      return {
        accessToken: answer.access_token,
        refreshToken: null,
        expiresAt: inspection.expiresAt ?? expiryFrom(answer.expires_in),
        scopes: inspection.scopes,
      };
    },
  },
  identity: async (ctx, auth) => (await whatsappConnector.identities!(ctx, auth))[0]!,
  // One profile per business account shared in the signup.
  identities: async (ctx, auth) => {
    const token = requireToken(auth);
    const granted = await sharedWabaIds(ctx, token);
    if (granted.length === 0)
      throw new NetworkError("rejected", "No WhatsApp Business Account was shared with the app");
    return Promise.all(granted.map((wabaId) => wabaIdentity(ctx, auth, token, wabaId, granted)));
  },
  placements: async (ctx, auth) => {
    const numbers = await graphPaged(
      ctx,
      whatsappConnector,
      {
        url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, `${wabaOf(auth)}/phone_numbers`),
        query: { fields: PHONE_FIELDS },
        token: requireToken(auth),
        appSecret: ctx.settings.client_secret,
      },
      ZPhoneNumber,
    );
    // The spec's keys, every one present; registration_warning only while registration after connecting
    // is refused (kept in the profile's store by the setup).
    const warnings = await registrationWarnings(ctx);
    return numbers.map((n) => ({
      externalId: n.id,
      name: n.display_phone_number,
      metadata: {
        display_phone_number: n.display_phone_number,
        quality_rating: n.quality_rating ?? "UNKNOWN",
        messaging_limit_tier: n.messaging_limit_tier ?? null,
        name_status: n.name_status ?? "NONE",
        status: n.status ?? null,
        platform_type: n.platform_type ?? null,
        is_official_business_account: n.is_official_business_account ?? false,
        throughput: n.throughput ? { level: n.throughput.level } : null,
        ...(warnings[n.id] && { registration_warning: warnings[n.id] }),
      },
    }));
  },
  mapError: (failure) => mapGraphError(whatsappMeta.displayName, failure),
  inbound: whatsappInbound<Settings>(), // {APP_URL}/inbound/whatsapp: messages and statuses (inbound.ts)
};

// Direct messages from the profile's numbers (messaging.ts).
whatsappConnector.messaging = whatsappMessaging(whatsappConnector);
// After connecting: webhooks subscription, number registration, templates (setup.ts).
const { setup, syncState } = whatsappSetup<Settings>(whatsappConnector, (ctx, auth) =>
  whatsappConnector.placements!(ctx, auth),
);
whatsappConnector.setup = setup;
whatsappConnector.syncState = syncState;
whatsappConnector.disconnectsWhenTokenRefused = true; // business tokens have no refresh grant
