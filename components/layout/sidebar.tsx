"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { cn } from "@/lib/cn";
import { EnvironmentSwitcher } from "./environment-switcher";

const NAV = [
  { href: "/profile-groups", label: "Profile groups" },
  { href: "/attention", label: "Needs attention" },
  { href: "/posts", label: "Posts" },
  { href: "/calendar", label: "Calendar" },
  { href: "/comments", label: "Inbox" },
  { href: "/chats", label: "Chats" },
  { href: "/queues", label: "Queues" },
  { href: "/api-keys", label: "API keys" },
  { href: "/webhooks", label: "Webhooks" },
  { href: "/docs", label: "API reference" },
];

export const Sidebar = ({ user }: { user: { email: string; name: string | null } }) => {
  const pathname = usePathname();
  const [isSigningOut, setIsSigningOut] = useState(false);

  const onSignOut = async () => {
    setIsSigningOut(true);
    await signOut({ redirect: false });
    // A full load drops the client caches of the signed-out user.
    window.location.assign("/login");
  };

  return (
    <aside className="flex w-full shrink-0 flex-col gap-6 bg-slate-900 px-4 py-5 text-slate-200 lg:sticky lg:top-0 lg:h-screen lg:w-64">
      <Link href="/profile-groups" className="flex items-center gap-2.5 px-1">
        <span
          className="flex size-7 items-center justify-center rounded-md bg-indigo-500 text-sm font-bold text-white"
          aria-hidden
        >
          P
        </span>
        <span className="font-semibold tracking-tight text-white">Publisher admin</span>
      </Link>

      <EnvironmentSwitcher />

      <nav aria-label="Main" className="flex flex-col gap-0.5">
        {NAV.map((item) => {
          const isActive = pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <Link
              key={item.href}
              href={item.href}
              aria-current={isActive ? "page" : undefined}
              className={cn(
                "rounded-md px-2.5 py-2 text-sm font-medium transition-colors",
                isActive ? "bg-slate-800 text-white" : "text-slate-300 hover:bg-slate-800/60 hover:text-white",
              )}
            >
              {item.label}
            </Link>
          );
        })}
      </nav>

      <div className="mt-auto border-t border-slate-800 pt-4">
        <p className="px-1 text-xs text-slate-400">Signed in as</p>
        <p data-testid="signed-in-user" className="truncate px-1 text-sm font-medium text-white" title={user.email}>
          {user.email}
        </p>
        {user.name && <p className="truncate px-1 text-xs text-slate-400">{user.name}</p>}
        <button
          type="button"
          onClick={onSignOut}
          disabled={isSigningOut}
          className="mt-3 w-full rounded-md px-2.5 py-1.5 text-left text-sm text-slate-300 hover:bg-slate-800 hover:text-white disabled:opacity-50"
        >
          {isSigningOut ? "Signing out…" : "Sign out"}
        </button>
      </div>
    </aside>
  );
};
