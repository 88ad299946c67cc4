import type { z } from "zod";
import type { ConnectorContext } from "./context";

// Connecting a profile: the tokens and identity a network answers, the OAuth and credentials flows.

export type TokenSet = {
  accessToken: string;
  refreshToken?: string | null;
  expiresAt?: Date | null; // access-token expiry
  scopes?: string[];
};

export type Identity = {
  externalId: string; // the network's account id
  name: string;
  username?: string | null;
  avatarUrl?: string | null;
  connectionExpiresAt?: Date | null; // when the user must re-authorise (e.g. a 60-day token with no refresh)
  metadata?: Record<string, unknown>;
};

export type PlacementInfo = {
  externalId: string | null; // null only for linkedin's personal member profile
  name: string;
  avatarUrl?: string | null;
  metadata: Record<string, unknown>;
  accessToken?: string | null; // e.g. a facebook page token (stored encrypted)
};

// What a connector gets to act for a connected profile.
export type ProfileAuth = {
  externalId: string | null;
  tokens: TokenSet | null;
  credentials: Record<string, string> | null; // decrypted app password, bot token, developer keys
  metadata: Record<string, unknown>;
  // Placement ids already stored for the profile, given to `placements` by the services that have them.
  // For networks that cannot list their placements and discover them from events (telegram): each id is
  // re-checked, so a placement found once is not lost when its event is gone.
  knownPlacementIds?: string[];
};

export type OAuthStart = {
  redirectUri: string; // our callback: {APP_URL}/connect/<platform>/callback
  state: string;
  codeChallenge: string; // PKCE S256; connectors that do not use PKCE ignore it
  options: Record<string, unknown>; // initialize_connection extras (whatsapp onboarding, ...)
  credentials: Record<string, string> | null; // twitter: the account's own developer keys
};

export type OAuthFlow<TSettings> = {
  kind: "oauth";
  // Extra initialize_connection fields this network takes (validated; 422 names the field).
  startOptions?: z.ZodType<Record<string, unknown>>;
  // Credentials the user supplies before the redirect, stored with the profile; what the body must carry
  // may depend on the server's settings (twitter: the account's own developer keys, optional when the
  // server has an X app of its own).
  startCredentialsFor?(settings: TSettings): z.ZodType<Record<string, string>>;
  authorizeUrl(ctx: ConnectorContext<TSettings>, start: OAuthStart): string;
  exchangeCode(
    ctx: ConnectorContext<TSettings>,
    input: {
      code: string;
      redirectUri: string;
      codeVerifier: string;
      credentials: Record<string, string> | null;
      callbackParams: Record<string, string>;
    },
  ): Promise<TokenSet>;
};

export type CredentialsFlow<TSettings> = {
  kind: "credentials";
  // The connect form's fields (bluesky identifier + app_password, telegram bot_token, ...).
  fields: z.ZodType<Record<string, string>>;
  connect(
    ctx: ConnectorContext<TSettings>,
    credentials: Record<string, string>,
  ): Promise<{ tokens: TokenSet | null; identity: Identity }>;
  nextStep?: string; // shown to the user after connecting (telegram: add the bot to a channel)
};
