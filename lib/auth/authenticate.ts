import "server-only";
import { getToken } from "next-auth/jwt";
import { ApiError, invalidApiKey } from "@/lib/errors";
import { appUrl } from "@/lib/env";
import { authenticateApiKey } from "@/lib/services/api-keys/authenticate-api-key";
import { findStaffUser } from "@/lib/services/users/get-staff-user";
import type { AuthMode } from "@/lib/contracts/define";
import type { Principal } from "@/lib/principal";

const BEARER = /^Bearer\s+(\S+)\s*$/i;

// Resolves the caller. A bearer token always wins; without one, a staff session cookie is accepted
// where the endpoint allows it (the admin app calls the same public routes).
export const authenticate = async (req: Request, mode: AuthMode): Promise<Principal | null> => {
  if (mode === "none") return null;
  const header = req.headers.get("authorization");
  if (header && mode === "apiKey") {
    const token = BEARER.exec(header)?.[1];
    const principal = token ? await authenticateApiKey(token) : null;
    if (!principal) throw invalidApiKey();
    return principal;
  }
  const principal = await sessionPrincipal(req);
  if (!principal) throw invalidApiKey();
  return principal;
};

const sessionPrincipal = async (req: Request): Promise<Principal | null> => {
  const cookies = parseCookies(req.headers.get("cookie"));
  if (!Object.keys(cookies).some((name) => name.includes("next-auth.session-token"))) return null;
  assertSameOrigin(req);
  const token = await getToken({
    req: { headers: {}, cookies } as unknown as Parameters<typeof getToken>[0]["req"],
    secureCookie: new URL(req.url).protocol === "https:",
  });
  const uid = typeof token?.uid === "string" ? token.uid : null;
  const user = uid ? await findStaffUser(uid) : null;
  if (!user) return null;
  return {
    kind: "session",
    accountId: user.accountId,
    // The admin app picks the environment it works in per request.
    environment: req.headers.get("x-environment") === "sandbox" ? "sandbox" : "live",
    profileGroupId: null,
    apiKeyId: null,
    userId: user.id,
  };
};

// Cookie-authenticated writes must come from our own pages (CSRF guard on top of SameSite=Lax): 403
// otherwise. The Origin must be the app's public URL (APP_URL / NEXTAUTH_URL) or the origin the request was
// made to, scheme, host and port alike. X-Forwarded-Host/-Proto reach this point only from TRUSTED_PROXIES
// (the HTTP server drops them from anyone else: lib/auth/client-address.ts). `Origin: null` (sandboxed
// frames, file: pages, some redirects) and any other origin that is not a URL are cross-site.
export const assertSameOrigin = (req: Request) => {
  if (req.method === "GET" || req.method === "HEAD") return;
  const origin = req.headers.get("origin");
  const fetchSite = req.headers.get("sec-fetch-site");
  const isSameOrigin = origin
    ? [publicOrigin(), requestOrigin(req)].includes(originOf(origin) ?? "invalid")
    : fetchSite === "same-origin";
  if (!isSameOrigin) throw new ApiError("forbidden", "Cross-site request refused");
};

const originOf = (url: string): string | null => {
  const origin = URL.canParse(url) ? new URL(url).origin : "null";
  return origin === "null" ? null : origin;
};

const publicOrigin = (): string | null => originOf(appUrl());

const requestOrigin = (req: Request): string | null => {
  const url = new URL(req.url);
  const scheme = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? url.protocol.slice(0, -1);
  const host = req.headers.get("x-forwarded-host")?.split(",")[0]?.trim() ?? req.headers.get("host") ?? url.host;
  return originOf(`${scheme}://${host}`);
};

// A value that is not valid percent-encoding is kept as sent (it then fails as a token, like any other
// wrong cookie): a malformed cookie means "no session", never an error.
const decodeCookie = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

const parseCookies = (header: string | null): Record<string, string> => {
  const out = Object.create(null) as Record<string, string>;
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) out[part.slice(0, eq).trim()] = decodeCookie(part.slice(eq + 1).trim());
  }
  return out;
};
