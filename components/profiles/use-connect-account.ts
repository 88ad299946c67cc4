"use client";

import { useEffect, useState } from "react";
import { useInitializeConnection, type TConnectInput, type TInitializeConnectionResult } from "@/lib/query/profiles";

// Where the network sends the user back after consent: this page, without the previous outcome's query.
const returnUrl = () => `${window.location.origin}${window.location.pathname}`;

// POST initialize_connection. OAuth networks answer with the consent page's URL and the browser leaves
// for it (resolves null; stays pending until the page unloads); form networks answer with the profile.
export const useConnectAccount = (groupId: string) => {
  const initialize = useInitializeConnection(groupId);
  const [isRedirecting, setIsRedirecting] = useState(false);
  // Back from the network's page may restore this page from the back/forward cache: usable again.
  useEffect(() => {
    const onPageShow = (e: PageTransitionEvent) => e.persisted && setIsRedirecting(false);
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  const connect = async ({
    method,
    ...input
  }: TConnectInput & { method: "oauth" | "credentials" }): Promise<TInitializeConnectionResult | null> => {
    const result = await initialize.mutateAsync(method === "oauth" ? { ...input, redirect_url: returnUrl() } : input);
    if (!result.url) return result;
    setIsRedirecting(true);
    window.location.assign(result.url);
    return null;
  };

  return {
    connect,
    isPending: initialize.isPending || isRedirecting,
    pendingPlatform: initialize.isPending || isRedirecting ? (initialize.variables?.platform ?? null) : null,
    error: initialize.error,
    reset: initialize.reset,
  };
};
