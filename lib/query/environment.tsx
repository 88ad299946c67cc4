"use client";

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { TEnvironment } from "@/lib/schemas/common";
import { ENVIRONMENT_COOKIE } from "./environment-cookie";

type EnvironmentState = { environment: TEnvironment; setEnvironment: (env: TEnvironment) => void };

const EnvironmentContext = createContext<EnvironmentState | null>(null);

// The environment (live/sandbox) the admin works in. The server layout reads the cookie for the first
// render; switching updates the cookie and this state, which is part of every query key, so each
// environment has its own cache entries and requests.
export const EnvironmentProvider = ({ initial, children }: { initial: TEnvironment; children: ReactNode }) => {
  const [environment, setState] = useState<TEnvironment>(initial);
  const setEnvironment = useCallback((env: TEnvironment) => {
    document.cookie = `${ENVIRONMENT_COOKIE}=${env}; path=/; max-age=31536000; samesite=lax`;
    setState(env);
  }, []);
  const value = useMemo(() => ({ environment, setEnvironment }), [environment, setEnvironment]);
  return <EnvironmentContext value={value}>{children}</EnvironmentContext>;
};

export const useEnvironment = (): EnvironmentState => {
  const state = useContext(EnvironmentContext);
  if (!state) throw new Error("useEnvironment must be used inside <EnvironmentProvider>");
  return state;
};
