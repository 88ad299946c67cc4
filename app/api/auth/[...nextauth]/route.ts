import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

// /api/auth/* – next-auth (staff sign-in)
const handler = NextAuth(authOptions);
export { handler as GET, handler as POST };
