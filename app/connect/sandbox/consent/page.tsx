import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PlatformMark } from "@/components/profiles/platform-mark";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import { ZPlatform } from "@/lib/schemas/common";
import { verifyState } from "@/lib/services/connections/state";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sandbox consent" };

// The card layout of the sign-in pages, for a screen that stands in for a network's own.
const ConsentShell = ({ children }: { children: ReactNode }) => (
  <main className="flex min-h-screen items-center justify-center px-4 py-12">
    <div className="w-full max-w-sm">
      <div className="mb-8 flex items-center justify-center gap-2.5">
        <span
          className="flex size-8 items-center justify-center rounded-lg bg-amber-500 text-sm font-bold text-white"
          aria-hidden
        >
          S
        </span>
        <span className="text-lg font-semibold tracking-tight text-slate-900">Sandbox network</span>
      </div>
      {children}
    </div>
  </main>
);

// The sandbox network's consent screen: what the OAuth redirect shows for sandbox-environment groups.
// Approving sends the user to our own callback with a sandbox code, exactly like a network would.
export default async function SandboxConsentPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const params = await searchParams;
  const platform = ZPlatform.safeParse(params.platform);
  const isValid = platform.success && verifyState(params.state) !== null;
  if (!isValid) {
    return (
      <ConsentShell>
        <div className="rounded-xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
          <h1 className="text-xl font-semibold text-slate-900">Invalid connection link</h1>
          <p className="mt-1 text-sm text-slate-500">Start the connection again from your app.</p>
        </div>
      </ConsentShell>
    );
  }
  const name = DISPLAY_NAMES[platform.data];
  const action = `/connect/${platform.data}/callback`;
  return (
    <ConsentShell>
      <div className="rounded-xl bg-white p-8 shadow-sm ring-1 ring-amber-300" data-testid="sandbox-consent">
        <div className="flex items-center gap-3">
          <PlatformMark platform={platform.data} className="size-9 text-sm" />
          <div>
            <p className="text-xs font-semibold tracking-wide text-amber-700 uppercase">Authorize access</p>
            <h1 className="text-lg font-semibold text-slate-900">Connect a simulated {name} account</h1>
          </div>
        </div>
        <p className="mt-3 text-sm text-slate-500">
          Nothing leaves this app: the account, its placements and everything published to it are simulated.
        </p>
        <form method="GET" action={action} className="mt-6 space-y-4">
          <input type="hidden" name="state" value={params.state} />
          <input type="hidden" name="code" value="sandbox-approved" />
          <div>
            <Label htmlFor="sandbox_account">Account name</Label>
            <Input
              id="sandbox_account"
              name="sandbox_account"
              defaultValue={`Sandbox ${name}`}
              maxLength={80}
              className="mt-1.5"
            />
            <p className="mt-1.5 text-xs text-slate-500">The name the simulated account and its placements get.</p>
          </div>
          <Button type="submit" className="w-full">
            Allow access
          </Button>
        </form>
        <form method="GET" action={action} className="mt-2">
          <input type="hidden" name="state" value={params.state} />
          <input type="hidden" name="error" value="access_denied" />
          <Button type="submit" variant="ghost" className="w-full">
            Cancel
          </Button>
        </form>
      </div>
    </ConsentShell>
  );
}
