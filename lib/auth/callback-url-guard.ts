import "server-only";
import type { NextRequest } from "next/server";
import { appUrl } from "@/lib/env";
import { sameOriginRedirect } from "./options";

// next-auth answers 500 to a `callbackUrl` query parameter or callback-url cookie that is neither a path nor
// an http(s) URL (assertConfig in node_modules/next-auth/core/lib/assert.js), before any callback of ours
// runs. Such a request is answered here instead: a redirect to the same address with the parameter made
// safe (lib/auth/options.ts sameOriginRedirect) and the cookie removed.

const CALLBACK_COOKIES = ["next-auth.callback-url", "__Secure-next-auth.callback-url"];

// The same test as next-auth's.
const isAcceptable = (value: string): boolean => {
  try {
    return /^https?:/.test(new URL(value, value.startsWith("/") ? "http://localhost" : undefined).protocol);
  } catch {
    return false;
  }
};

type Handler<C> = (req: NextRequest, ctx: C) => Promise<Response>;

export const guardCallbackUrl =
  <C>(handler: Handler<C>): Handler<C> =>
  async (req, ctx) => {
    const params = req.nextUrl.searchParams.getAll("callbackUrl");
    const badParam = params.some((v) => !isAcceptable(v));
    const badCookies = CALLBACK_COOKIES.filter((name) => {
      const value = req.cookies.get(name)?.value;
      return value !== undefined && !isAcceptable(value);
    });
    if (!badParam && badCookies.length === 0) return handler(req, ctx);
    const query = new URLSearchParams(req.nextUrl.searchParams);
    if (badParam) query.set("callbackUrl", sameOriginRedirect(params.at(-1)!, appUrl()));
    const location = query.size > 0 ? `${req.nextUrl.pathname}?${query}` : req.nextUrl.pathname;
    const headers = new Headers({ Location: location, "Cache-Control": "no-store" });
    for (const name of badCookies) {
      const secure = name.startsWith("__Secure-") ? "; Secure" : "";
      headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
    }
    return new Response(null, { status: 302, headers });
  };
