import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { SignInNotice } from "@/components/auth/sign-in-notice";
import { SandboxBanner } from "@/components/layout/environment-switcher";
import { Sidebar } from "@/components/layout/sidebar";
import { requireAdminSession } from "@/lib/auth/session";
import { EnvironmentProvider } from "@/lib/query/environment";
import { ENVIRONMENT_COOKIE, parseEnvironment } from "@/lib/query/environment-cookie";

export const dynamic = "force-dynamic";

// Staff only: without a session, /login (or /setup on a server with no staff user yet).
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await requireAdminSession();
  const environment = parseEnvironment((await cookies()).get(ENVIRONMENT_COOKIE)?.value);
  return (
    <EnvironmentProvider initial={environment}>
      <div className="flex min-h-screen flex-col lg:flex-row">
        <Sidebar user={{ email: user.email, name: user.name }} />
        <div className="min-w-0 flex-1">
          <SignInNotice attempts={user.failedSignIns} addresses={user.failedSignInAddresses} />
          <SandboxBanner />
          <main className="mx-auto max-w-5xl px-6 py-8 lg:px-10 lg:py-10">{children}</main>
        </div>
      </div>
    </EnvironmentProvider>
  );
}
