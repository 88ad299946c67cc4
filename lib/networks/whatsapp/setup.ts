import { randomInt } from "node:crypto";
import { z } from "zod";
import { NetworkError } from "../errors";
import { graphPaged, graphRequest, graphUrl, requireToken } from "../graph/request";
import type { ConnectorContext, PlacementInfo, ProfileAuth } from "../types";

// What follows a WhatsApp connection (spec "WhatsApp connection"): the account is subscribed to our
// webhooks (POST /{waba-id}/subscribed_apps), each number is registered for Cloud API messaging (POST
// /{phone-number-id}/register {messaging_product, pin}) and the account's message templates are mirrored
// into the profile's connector store (GET /{waba-id}/message_templates), refreshed when Meta announces a
// template status change. A refused registration is kept per number and shown as the placement's
// `registration_warning` until a later registration succeeds. Numbers that live in the WhatsApp
// Business app (coexistence, platform_type SMB_APP) are already registered by the app and are left alone.

export type Settings = {
  client_secret: string;
  api_version: string;
  graph_url: string;
  registration_pin?: string;
};
type Mapper = Parameters<typeof graphRequest>[1];
type Ctx = ConnectorContext<Settings>;

export const REGISTRATION_WARNINGS = "registration_warnings"; // {number id: message}
export const MESSAGE_TEMPLATES = "message_templates";

const ZSuccess = z.object({ success: z.boolean() }).loose();
export const ZTemplate = z
  .object({
    id: z.coerce.string(),
    name: z.string(),
    language: z.string(),
    status: z.string(),
    category: z.string().optional(),
    components: z.array(z.record(z.string(), z.unknown())).optional(),
  })
  .loose();
export type MirroredTemplate = z.infer<typeof ZTemplate>;

const TEMPLATE_FIELDS = "id,name,language,status,category,components";
const COEXISTING = new Set(["SMB_APP"]);

const wabaOf = (auth: ProfileAuth) => {
  if (!auth.externalId) throw new NetworkError("rejected", "The WhatsApp profile has no business account id");
  return auth.externalId;
};

// The two-step verification PIN a registration sets (or must match): the server's
// NETWORK_WHATSAPP_REGISTRATION_PIN, else a fresh random one (numbers without a PIN yet accept it).
const pinOf = (settings: Settings) => settings.registration_pin ?? String(randomInt(0, 1_000_000)).padStart(6, "0");

export const whatsappSetup = <S extends Settings>(
  connector: Mapper & { displayName: string },
  listNumbers: (ctx: ConnectorContext<S>, auth: ProfileAuth) => Promise<PlacementInfo[]>,
) => {
  type Ctx = ConnectorContext<S>;
  const call = <S extends z.ZodType>(
    ctx: Ctx,
    auth: ProfileAuth,
    path: string,
    schema: S,
    form?: Record<string, string>,
  ) =>
    graphRequest(
      ctx,
      connector,
      {
        url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, path),
        ...(form && { method: "POST" as const, form }),
        token: requireToken(auth),
        appSecret: ctx.settings.client_secret,
      },
      schema,
    );

  const syncState = async (ctx: Ctx, auth: ProfileAuth) => {
    const templates = await graphPaged(
      ctx,
      connector,
      {
        url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, `${wabaOf(auth)}/message_templates`),
        query: { fields: TEMPLATE_FIELDS },
        token: requireToken(auth),
        appSecret: ctx.settings.client_secret,
      },
      ZTemplate,
    );
    await ctx.store?.set(MESSAGE_TEMPLATES, templates);
  };

  // Registration of one number: the warning is recorded on refusal, cleared on success. Only a refusal
  // (rejected) is a warning; rate limits and outages throw, so the setup run is retried.
  const register = async (ctx: Ctx, auth: ProfileAuth, numberId: string) => {
    let warning: string | null = null;
    try {
      await call(ctx, auth, `${numberId}/register`, ZSuccess, {
        messaging_product: "whatsapp",
        pin: pinOf(ctx.settings),
      });
    } catch (err) {
      if (!(err instanceof NetworkError) || err.kind !== "rejected") throw err;
      warning = err.message;
    }
    await ctx.store?.update(REGISTRATION_WARNINGS, (current) => {
      const warnings = { ...((current as Record<string, string> | null) ?? {}) };
      if (warning) warnings[numberId] = warning;
      else delete warnings[numberId];
      return { value: warnings, result: null };
    });
  };

  const setup = async (ctx: Ctx, auth: ProfileAuth) => {
    await call(ctx, auth, `${wabaOf(auth)}/subscribed_apps`, ZSuccess, {});
    const numbers = await listNumbers(ctx, auth);
    for (const n of numbers)
      if (n.externalId && !COEXISTING.has(String(n.metadata.platform_type))) await register(ctx, auth, n.externalId);
    await syncState(ctx, auth);
    return { placements: await listNumbers(ctx, auth) };
  };

  return { setup, syncState };
};

// The number's registration warning from the store, for its placement metadata.
export const registrationWarnings = async (ctx: Pick<Ctx, "store">) =>
  ((await ctx.store?.get(REGISTRATION_WARNINGS)) as Record<string, string> | null) ?? {};
