import "server-only";
import { unprocessable } from "@/lib/errors";
import { appUrl, networkSettings } from "@/lib/env";
import { timedFetch } from "@/lib/networks/http";
import type { AnyConnector, ConnectorContext } from "@/lib/networks/types";

// The connector's settings from NETWORK_<PLATFORM>_* (a network the install has not configured answers
// 422 naming the missing variables) and the HTTP client it uses.
export const contextFor = (connector: AnyConnector): ConnectorContext<Record<string, unknown>> => {
  const parsed = connector.settings.safeParse(networkSettings(connector.platform));
  if (!parsed.success) {
    const missing = parsed.error.issues.map(
      (i) => `NETWORK_${connector.platform.toUpperCase()}_${String(i.path[0] ?? "").toUpperCase()}`,
    );
    throw unprocessable([
      `${connector.displayName} is not configured on this server (set ${[...new Set(missing)].join(", ")})`,
    ]);
  }
  return { settings: parsed.data, fetch: timedFetch(), publicUrl: appUrl() };
};
