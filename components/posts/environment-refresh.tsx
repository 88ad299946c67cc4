"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useEnvironment } from "@/lib/query/environment";

// Server-rendered pages read the environment cookie once. When the switcher changes it, render again.
export const RefreshOnEnvironmentChange = ({ rendered }: { rendered: string }) => {
  const { environment } = useEnvironment();
  const router = useRouter();
  useEffect(() => {
    if (environment !== rendered) router.refresh();
  }, [environment, rendered, router]);
  return null;
};
