import type { AnyConnector } from "@/lib/networks/types";

export const DEFAULT_REFRESH_LEAD_MS = 15 * 60 * 1000;

// When the refresh job should renew a profile's token: the connector's lead time before expiry, or
// never when the network has no refresh (the profile's expires_at then tells the user to reconnect).
export const refreshAtFor = (
  connector: Pick<AnyConnector, "refresh" | "refreshLeadMs">,
  tokenExpiresAt: Date | null | undefined,
): Date | null =>
  connector.refresh && tokenExpiresAt
    ? new Date(tokenExpiresAt.getTime() - (connector.refreshLeadMs ?? DEFAULT_REFRESH_LEAD_MS))
    : null;
