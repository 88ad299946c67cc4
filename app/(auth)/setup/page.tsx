import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SetupOwnerForm } from "@/components/auth/setup-owner-form";
import { hasAnyStaffUser } from "@/lib/services/users/get-staff-user";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "First-run setup" };

// First run only: once an owner exists, this page (and POST /api/setup) are closed.
export default async function SetupPage() {
  if (await hasAnyStaffUser()) redirect("/login");
  return (
    <>
      <h1 className="text-xl font-semibold text-slate-900">Create the owner account</h1>
      <p className="mt-1 text-sm text-slate-500">
        This server has no staff users yet. The first account owns the installation and can invite others later. Prove
        you run the server with the setup token it printed at start.
      </p>
      <div className="mt-6">
        <SetupOwnerForm />
      </div>
    </>
  );
}
