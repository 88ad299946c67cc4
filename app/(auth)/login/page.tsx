import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { getStaffSession } from "@/lib/auth/session";
import { hasAnyStaffUser } from "@/lib/services/users/get-staff-user";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

// Only same-site paths: never an absolute URL (open redirect) or a protocol-relative one.
const safeCallback = (value: string | string[] | undefined): string =>
  typeof value === "string" && value.startsWith("/") && !value.startsWith("//") ? value : "/";

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (!(await hasAnyStaffUser())) redirect("/setup");
  if (await getStaffSession()) redirect("/");
  const { callbackUrl } = await searchParams;
  return (
    <>
      <h1 className="text-xl font-semibold text-slate-900">Sign in</h1>
      <p className="mt-1 text-sm text-slate-500">Use your staff email and password.</p>
      <div className="mt-6">
        <SignInForm callbackUrl={safeCallback(callbackUrl)} />
      </div>
    </>
  );
}
