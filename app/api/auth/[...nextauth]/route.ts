import NextAuth from "next-auth";
import { guardCallbackUrl } from "@/lib/auth/callback-url-guard";
import { authOptions } from "@/lib/auth/options";

// /api/auth/* – next-auth (staff sign-in); a callbackUrl next-auth would answer 500 to is made safe first
const handler = guardCallbackUrl(NextAuth(authOptions));
export { handler as GET, handler as POST };
