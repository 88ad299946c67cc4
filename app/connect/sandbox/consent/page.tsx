import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import { ZPlatform } from "@/lib/schemas/common";
import { verifyState } from "@/lib/services/connections/state";

export const dynamic = "force-dynamic";

// The sandbox network's consent screen: what the OAuth redirect shows for sandbox-environment groups.
// Approving sends the user to our own callback with a sandbox code, exactly like a network would.
export default async function SandboxConsentPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const params = await searchParams;
  const platform = ZPlatform.safeParse(params.platform);
  const isValid = platform.success && verifyState(params.state) !== null;
  if (!isValid) {
    return (
      <main className="mx-auto mt-24 max-w-md rounded-lg border border-slate-200 bg-white p-8 text-slate-900 shadow-sm">
        <h1 className="text-lg font-semibold">Invalid connection link</h1>
        <p className="mt-2 text-sm text-slate-600">Start the connection again from your app.</p>
      </main>
    );
  }
  const name = DISPLAY_NAMES[platform.data];
  const action = `/connect/${platform.data}/callback`;
  return (
    <main className="mx-auto mt-24 max-w-md rounded-lg border border-amber-300 bg-white p-8 text-slate-900 shadow-sm" data-testid="sandbox-consent">
      <p className="text-xs font-semibold uppercase tracking-wide text-amber-700">Sandbox network</p>
      <h1 className="mt-1 text-lg font-semibold">Connect a simulated {name} account</h1>
      <p className="mt-2 text-sm text-slate-600">
        Nothing leaves this app: the account, its placements and everything published to it are simulated.
      </p>
      <form method="GET" action={action} className="mt-6 space-y-4">
        <input type="hidden" name="state" value={params.state} />
        <input type="hidden" name="code" value="sandbox-approved" />
        <label className="block text-sm font-medium" htmlFor="sandbox_account">
          Account name
        </label>
        <input
          id="sandbox_account"
          name="sandbox_account"
          defaultValue={`Sandbox ${name}`}
          maxLength={80}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        <button type="submit" className="w-full rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700">
          Allow access
        </button>
      </form>
      <form method="GET" action={action} className="mt-2">
        <input type="hidden" name="state" value={params.state} />
        <input type="hidden" name="error" value="access_denied" />
        <button type="submit" className="w-full rounded-md px-4 py-2 text-sm text-slate-600 hover:bg-slate-100">
          Cancel
        </button>
      </form>
    </main>
  );
}
