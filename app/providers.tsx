"use client";

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SessionProvider } from "next-auth/react";
import { useState, type ReactNode } from "react";
import { ToastProvider } from "@/components/ui/toast";
import { ApiClientError } from "@/lib/query/fetcher";

// A 401 on a session call means the session ended (expired, or the user was removed): back to sign-in.
const onUnauthorized = (err: unknown) => {
  if (err instanceof ApiClientError && err.status === 401 && err.messages[0] === "Invalid API key")
    window.location.assign("/login");
};

const makeQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({ onError: onUnauthorized }),
    mutationCache: new MutationCache({ onError: onUnauthorized }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        // Client errors (4xx) will not change on retry.
        retry: (failures, err) =>
          !(err instanceof ApiClientError && err.status >= 400 && err.status < 500) && failures < 2,
      },
    },
  });

export const Providers = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(makeQueryClient);
  return (
    <SessionProvider refetchOnWindowFocus={false}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </SessionProvider>
  );
};
