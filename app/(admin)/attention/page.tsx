import type { Metadata } from "next";
import { AttentionView } from "@/components/attention/attention-view";
import { PageHeader } from "@/components/layout/page-header";
import { RefreshOnEnvironmentChange } from "@/components/posts/environment-refresh";
import { staffPrincipal } from "@/lib/auth/staff-principal";
import { readAttention } from "@/lib/services/attention/read-attention";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Needs attention" };

export default async function AttentionPage() {
  // The layout checks too; pages check again because a layout does not re-run on client navigation.
  const principal = await staffPrincipal();
  const attention = await readAttention({ principal });
  return (
    <>
      <RefreshOnEnvironmentChange rendered={principal.environment} />
      <PageHeader
        title="Needs attention"
        description={
          <>
            What is wrong now in the <span className="font-medium text-slate-700">{principal.environment}</span>{" "}
            environment, each with the action that fixes it.
          </>
        }
      />
      <AttentionView attention={attention} />
    </>
  );
}
