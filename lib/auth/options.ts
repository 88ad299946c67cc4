import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { log } from "@/lib/log";
import { signInStaff } from "@/lib/services/users/sign-in";
import { clientAddress } from "./client-address";

// Staff sign in with email and password (bcrypt hashes), throttled per email and client address
// (lib/services/users/sign-in-throttle.ts). Credentials logins require JWT sessions in v4.
// next-auth puts the message of an error thrown by `authorize` into the redirect URL (`?error=…`): every
// failure, ours or the database's, is a plain failed sign-in (`CredentialsSignin`) and details go to the log.
// Where a sign-in or sign-out may send the browser (`callbackUrl`): a path or a URL of our own origin
// (scheme, host and port), anything else the app's root. next-auth's default callback parses the value with
// `new URL` unguarded, so a value that is not a URL answered 500.
export const sameOriginRedirect = (url: string, baseUrl: string): string => {
  if (!URL.canParse(baseUrl)) return "/";
  const base = new URL(baseUrl);
  const target = URL.canParse(url, base) ? new URL(url, base) : null;
  return target && target.origin === base.origin ? target.href : base.href;
};

export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: 60 * 60 * 12 },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      authorize: async (credentials, req) => {
        try {
          const user = await signInStaff({
            email: credentials?.email,
            password: credentials?.password,
            ip: clientAddress(req.headers),
          });
          return user ? { id: user.id, email: user.email, name: user.name } : null;
        } catch (err) {
          log.error("sign-in failed", { error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
          return null;
        }
      },
    }),
  ],
  callbacks: {
    redirect: async ({ url, baseUrl }) => sameOriginRedirect(url, baseUrl),
    jwt: async ({ token, user }) => {
      if (user) token.uid = user.id;
      return token;
    },
    session: async ({ session, token }) => {
      if (session.user) (session.user as { id?: string }).id = token.uid as string;
      return session;
    },
  },
};
